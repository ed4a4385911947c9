package dev.loomy.tune;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import dev.loomy.admission.Admissions;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.opencv.OpenCv;
import dev.loomy.pipeline.Cancellation;

/**
 * {@code loomy tune}'s web server, on 127.0.0.1 only: the page and its assets, and the API it is
 * built on ({@code /api/filters}, {@code /api/images}, {@code /api/preview}). Every request must
 * name this server in its {@code Host} ({@code 127.0.0.1:PORT} or {@code localhost:PORT}), so
 * that a page of another site whose name resolves here (DNS rebinding) gets 403; images are named
 * by id only; a value that is not what its parameter takes is 400 with one line of JSON.
 */
public final class TuneServer implements AutoCloseable {

    /** The widest a scaled preview may be asked for. */
    static final int MAX_WIDTH = 4096;

    /** IPv4's loopback whatever the JVM prefers: the address printed and the Host checked say 127.0.0.1. */
    private static final InetAddress LOOPBACK = loopback();
    /** The most requests answered at once; more wait for their turn (a preview's run has its own, smaller bound). */
    private static final int HANDLERS = 32;
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> ASSETS = Map.of("/tune.js", "text/javascript", "/tune.css", "text/css");
    /** The page loads its script, style and images from here only, and is framed by no one. */
    private static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob:; connect-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private final HttpServer server;
    private final ExecutorService executor;
    private final TuneFilters filters;
    private final TuneImages images;
    private final Previews previews;
    private final Supersession supersession = new Supersession();
    private final String page;
    private final Consumer<String> errors;

    private TuneServer(HttpServer server, ExecutorService executor, TuneFilters filters, TuneImages images,
                       Previews previews, String page, Consumer<String> errors) {
        this.server = server;
        this.executor = executor;
        this.filters = filters;
        this.images = images;
        this.previews = previews;
        this.page = page;
        this.errors = errors;
    }

    /**
     * Listens on 127.0.0.1:{@code port} (0: a free port) and serves until closed.
     *
     * @param first  the filter the page shows first, by a name {@code catalog} knows
     * @param stop   says when tune stops: previews under way give up
     * @param notes  receives the line that says how many images may be in flight
     * @param errors receives what went wrong inside loomy while answering a request
     * @throws BindException when the port is taken
     */
    public static TuneServer start(FilterCatalog catalog, String first, List<ImageFile> images, int port,
                                   Cancellation stop, Consumer<String> notes, Consumer<String> errors) throws IOException {
        OpenCv.load();
        TuneFilters filters = new TuneFilters(catalog);
        String shown = filters.known(first);
        if (shown == null) {
            throw new IllegalArgumentException("no filter named " + first);
        }
        int runs = Runtime.getRuntime().availableProcessors();
        // Read before any request, as the main command does before its run: the headers, and the limit said once.
        Filter hungriest = new Hungriest(filters.all());
        var admission = new Admissions(InFlightLimit.auto(), images, runs, stop::skipNew, notes).of(hungriest);
        // As the main command reads by default: a damaged image that decodes is shown, with its warning.
        Previews previews = new Previews(new ImageReader(Duration.ZERO, false), admission, runs, stop);
        HttpServer server = HttpServer.create(new InetSocketAddress(LOOPBACK, port), 0);
        ThreadPoolExecutor executor = new ThreadPoolExecutor(HANDLERS, HANDLERS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), Thread.ofPlatform().daemon().name("loomy-tune-", 0).factory());
        executor.allowCoreThreadTimeOut(true);
        TuneServer tune = new TuneServer(server, executor, filters, new TuneImages(images), previews,
                resource("index.html").replace("{{filter}}", escape(shown)), errors);
        server.createContext("/", tune::handle);
        server.setExecutor(executor);
        server.start();
        return tune;
    }

    /** The page's address: {@code http://127.0.0.1:PORT/}. */
    public URI address() {
        return URI.create("http://" + LOOPBACK.getHostAddress() + ":" + port() + "/");
    }

    public int port() {
        return server.getAddress().getPort();
    }

    /** How many filter runs previews have started. */
    long filterRuns() {
        return previews.filterRuns();
    }

    /** The most previews that were under way at once. */
    int peakPreviews() {
        return previews.peak();
    }

    /** Stops listening and drops the connections at once; previews under way end at their next step. */
    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
            exchange.getResponseHeaders().set("Cache-Control", "no-store");
            try {
                route(exchange);
            } catch (HttpError e) {
                json(exchange, e.status(), Map.of("error", e.getMessage()));
            } catch (ImageException e) {
                json(exchange, 422, Map.of("error", e.getMessage()));
            } catch (InterruptedException e) {
                json(exchange, 503, Map.of("error", "loomy tune is stopping"));
            } catch (RuntimeException e) {
                errors.accept("internal error answering " + exchange.getRequestURI().getRawPath() + ": " + e);
                json(exchange, 500, Map.of("error", "internal error: " + e));
            }
        } catch (IOException e) {
            // The client has gone (a preview it no longer wants): nothing to tell it.
        }
    }

    private void route(HttpExchange exchange) throws HttpError, IOException, ImageException, InterruptedException {
        List<String> hosts = exchange.getRequestHeaders().get("Host");
        String host = hosts == null || hosts.size() != 1 ? null : hosts.getFirst().toLowerCase(Locale.ROOT);
        if (!(("127.0.0.1:" + port()).equals(host) || ("localhost:" + port()).equals(host))) {
            throw new HttpError(403, "this server answers requests for 127.0.0.1:" + port() + " or localhost:"
                    + port() + " only");
        }
        if (!exchange.getRequestMethod().equals("GET")) {
            exchange.getResponseHeaders().set("Allow", "GET");
            throw new HttpError(405, exchange.getRequestMethod() + " is not answered here: GET only");
        }
        String path = exchange.getRequestURI().getRawPath();
        switch (path) {
            case "/", "/index.html" -> {
                exchange.getResponseHeaders().set("Content-Security-Policy", PAGE_POLICY);
                exchange.getResponseHeaders().set("Referrer-Policy", "no-referrer");
                send(exchange, 200, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
            }
            case "/tune.js", "/tune.css" -> send(exchange, 200, ASSETS.get(path) + "; charset=utf-8",
                    resource(path.substring(1)).getBytes(StandardCharsets.UTF_8));
            case "/api/filters" -> json(exchange, 200, filters.describe());
            case "/api/images" -> json(exchange, 200, images.listed());
            case "/api/preview" -> preview(exchange);
            default -> throw HttpError.notFound("nothing at " + path);
        }
    }

    /**
     * {@code /api/preview?image=ID&filter=NAME&PARAM=V...[&width=W]}: the filtered image, as PNG; without
     * a filter, the image as read (NoOp's, whatever a filters file calls NoOp).
     */
    private void preview(HttpExchange exchange) throws HttpError, IOException, ImageException, InterruptedException {
        Query query = Query.parse(exchange.getRequestURI().getRawQuery());
        ImageFile image = images.find(query.require("image"));
        Map<String, String> values = new LinkedHashMap<>(query.values());
        TuneFilters.RESERVED.forEach(values::remove);
        String name = query.values().get("filter");
        Filter filter = name == null ? filters.original(values) : filters.preview(name, values);
        int width = width(query.values().get("width"));
        Supersession.Ticket ticket = supersession.enter(client(exchange), sequence(exchange));
        try {
            Previews.Preview preview = previews.render(image, filter, width, ticket);
            if (preview == null) {
                throw ticket.superseded() ? new HttpError(409, "superseded by a newer preview of this client")
                        : new HttpError(503, "loomy tune is stopping");
            }
            exchange.getResponseHeaders().set("Server-Timing",
                    String.format(Locale.ROOT, "filter;dur=%.3f", preview.filterNanos() / 1e6));
            exchange.getResponseHeaders().set("X-Loomy-Filter", filter.name());
            if (!preview.warnings().isEmpty()) {
                exchange.getResponseHeaders().set("X-Loomy-Warning",
                        String.join("; ", preview.warnings()).replaceAll("[^\\x20-\\x7e]", "?"));
            }
            send(exchange, 200, "image/png", preview.png());
        } finally {
            supersession.leave(ticket);
        }
    }

    /** {@code width=W}: 1 to {@link #MAX_WIDTH}; 0 when not given. */
    private static int width(String text) throws HttpError {
        if (text == null) {
            return 0;
        }
        if (text.matches("\\d{1,5}")) {
            int width = Integer.parseInt(text);
            if (width >= 1 && width <= MAX_WIDTH) {
                return width;
            }
        }
        throw HttpError.badRequest("width must be an integer from 1 to " + MAX_WIDTH + ", not '" + text + "'");
    }

    private static String client(HttpExchange exchange) throws HttpError {
        String client = exchange.getRequestHeaders().getFirst("X-Loomy-Client");
        if (client != null && !client.matches("[A-Za-z0-9_-]{1,64}")) {
            throw HttpError.badRequest("X-Loomy-Client must be 1 to 64 letters, digits, '-' or '_'");
        }
        return client;
    }

    private static Long sequence(HttpExchange exchange) throws HttpError {
        String sequence = exchange.getRequestHeaders().getFirst("X-Loomy-Sequence");
        if (sequence == null) {
            return null;
        }
        if (!sequence.matches("\\d{1,18}")) {
            throw HttpError.badRequest("X-Loomy-Sequence must be a whole number, not '" + sequence + "'");
        }
        return Long.parseLong(sequence);
    }

    private static void json(HttpExchange exchange, int status, Object body) throws IOException {
        byte[] bytes;
        try {
            bytes = JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
        }
        send(exchange, status, "application/json", bytes);
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    /** {@code text} safe in an HTML attribute's quotes. */
    private static String escape(String text) {
        return text.replace("&", "&amp;").replace("\"", "&quot;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static InetAddress loopback() {
        try {
            return InetAddress.getByAddress("localhost", new byte[] {127, 0, 0, 1});
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = TuneServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from loomy's jar");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + name + " from loomy's jar: " + e.getMessage(), e);
        }
    }
}
