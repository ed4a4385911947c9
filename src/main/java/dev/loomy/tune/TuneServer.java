package dev.loomy.tune;

import java.io.IOException;
import java.io.InputStream;
import java.net.BindException;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.admission.Admissions;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.imageio.ImageException;
import dev.loomy.opencv.OpenCv;
import dev.loomy.pipeline.Cancellation;

/**
 * {@code loomy tune}'s web server, on 127.0.0.1 only: the page and its assets, and the API it is
 * built on ({@code /api/filters}, {@code /api/images}, {@code /api/preview}). Only the page it served
 * may use it ({@link Access}: this run's token, this server's {@code Host}, no other origin); every
 * answer is its own ({@link LoopbackHttp}); images are named by id only, and read only while they
 * are the files found at start ({@link TuneImages}); a value that is not what its parameter takes is
 * 400 with one line of JSON.
 */
public final class TuneServer implements AutoCloseable {

    /** The widest a scaled preview may be asked for. */
    static final int MAX_WIDTH = 4096;

    /** IPv4's loopback whatever the JVM prefers: the address printed and the Host checked say 127.0.0.1. */
    private static final InetAddress LOOPBACK = loopback();
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Map<String, String> ASSETS = Map.of("/tune.js", "text/javascript", "/tune.css", "text/css");
    /** The page loads its script, style and images from here only, and is framed by no one. */
    private static final String PAGE_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' blob:; connect-src 'self' blob:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

    private final LoopbackHttp server;
    private final Access access;
    private final TuneFilters filters;
    private final TuneImages images;
    private final Previews previews;
    private final Supersession supersession = new Supersession();
    private final String page;
    private final Consumer<String> errors;

    private TuneServer(LoopbackHttp server, TuneFilters filters, TuneImages images, Previews previews, String page,
                       Consumer<String> errors) {
        this.server = server;
        this.access = new Access(server.port());
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
        return start(catalog, first, images, port, LoopbackHttp.Limits.DEFAULT, stop, notes, errors);
    }

    /** As {@link #start(FilterCatalog, String, List, int, Cancellation, Consumer, Consumer)}, within {@code limits}. */
    static TuneServer start(FilterCatalog catalog, String first, List<ImageFile> images, int port,
                            LoopbackHttp.Limits limits, Cancellation stop, Consumer<String> notes,
                            Consumer<String> errors) throws IOException {
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
        TuneImages identified = new TuneImages(images);
        Previews previews = new Previews(new IdentifiedReader(identified), admission, runs, stop);
        LoopbackHttp server = LoopbackHttp.listen(LOOPBACK, port, limits);
        TuneServer tune = new TuneServer(server, filters, identified, previews,
                resource("index.html").replace("{{filter}}", escape(shown)), errors);
        server.serve(tune::handle);
        return tune;
    }

    /** The page's address, with this run's token: {@code http://127.0.0.1:PORT/?token=TOKEN}. */
    public URI address() {
        return URI.create("http://" + LOOPBACK.getHostAddress() + ":" + port() + "/?token=" + access.token());
    }

    public int port() {
        return server.port();
    }

    /** This run's secret, which every request must carry. */
    String token() {
        return access.token();
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
        server.close();
    }

    private void handle(HttpExchange exchange) throws IOException {
        // Whatever the answer: never sniffed, never cached, never read by a page of another origin.
        exchange.header("X-Content-Type-Options", "nosniff");
        exchange.header("Cache-Control", "no-store");
        exchange.header("Cross-Origin-Resource-Policy", "same-origin");
        try {
            route(exchange);
        } catch (HttpError e) {
            exchange.fail(e);
        } catch (ImageException e) {
            json(exchange, 422, Map.of("error", e.getMessage()));
        } catch (InterruptedException e) {
            json(exchange, 503, Map.of("error", "loomy tune is stopping"));
        } catch (RuntimeException e) {
            errors.accept("internal error answering " + exchange.request().path() + ": " + e);
            json(exchange, 500, Map.of("error", "internal error: " + e));
        }
    }

    private void route(HttpExchange exchange) throws HttpError, IOException, ImageException, InterruptedException {
        HttpHead request = exchange.request();
        String path = request.path();
        boolean asksForPage = path.equals("/") || path.equals("/index.html");
        boolean tokenInQuery = access.check(request, asksForPage, asksForPage ? tokenOf(request.query()) : null);
        Query query = Query.parse(request.query());
        if (!request.method().equals("GET") && !request.method().equals("HEAD")) {
            exchange.header("Allow", "GET, HEAD");
            throw new HttpError(405, request.method() + " is not answered here: GET only");
        }
        switch (path) {
            case "/", "/index.html" -> {
                if (tokenInQuery) {
                    exchange.header("Set-Cookie", access.cookie());
                }
                exchange.header("Content-Security-Policy", PAGE_POLICY);
                exchange.header("Referrer-Policy", "no-referrer");
                exchange.send(200, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
            }
            case "/tune.js", "/tune.css" -> exchange.send(200, ASSETS.get(path) + "; charset=utf-8",
                    resource(path.substring(1)).getBytes(StandardCharsets.UTF_8));
            case "/api/filters" -> json(exchange, 200, filters.describe());
            case "/api/images" -> json(exchange, 200, images.listed());
            case "/api/preview" -> preview(exchange, query);
            default -> throw HttpError.notFound("nothing at " + path);
        }
    }

    /**
     * {@code /api/preview?image=ID&filter=NAME&PARAM=V...[&width=W]}: the filtered image, as PNG; without
     * a filter, the image as read (NoOp's, whatever a filters file calls NoOp).
     */
    private void preview(HttpExchange exchange, Query query)
            throws HttpError, IOException, ImageException, InterruptedException {
        ImageFile image = images.find(query.require("image"));
        Map<String, String> values = new LinkedHashMap<>(query.values());
        TuneFilters.RESERVED.forEach(values::remove);
        String name = query.values().get("filter");
        Filter filter = name == null ? filters.original(values) : filters.preview(name, values);
        int width = width(query.values().get("width"));
        Supersession.Ticket ticket = supersession.enter(client(exchange.request()), sequence(exchange.request()));
        Previews.Preview preview;
        try {
            preview = previews.render(image, filter, width, ticket);
        } finally {
            supersession.leave(ticket);
        }
        if (preview == null) {
            throw ticket.superseded() ? new HttpError(409, "superseded by a newer preview of this client")
                    : new HttpError(503, "loomy tune is stopping");
        }
        try (preview) {
            exchange.header("Server-Timing", String.format(Locale.ROOT, "filter;dur=%.3f", preview.filterNanos() / 1e6));
            exchange.header("X-Loomy-Filter", filter.name());
            if (!preview.warnings().isEmpty()) {
                exchange.header("X-Loomy-Warning", String.join("; ", preview.warnings()));
            }
            exchange.send(200, "image/png", preview.png());
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

    private static String client(HttpHead request) throws HttpError {
        String client = request.all("X-Loomy-Client").stream().findFirst().orElse(null);
        if (client != null && !client.matches("[A-Za-z0-9_-]{1,64}")) {
            throw HttpError.badRequest("X-Loomy-Client must be 1 to 64 letters, digits, '-' or '_'");
        }
        return client;
    }

    private static Long sequence(HttpHead request) throws HttpError {
        String sequence = request.all("X-Loomy-Sequence").stream().findFirst().orElse(null);
        if (sequence == null) {
            return null;
        }
        if (!sequence.matches("\\d{1,18}")) {
            throw HttpError.badRequest("X-Loomy-Sequence must be a whole number, not '" + sequence + "'");
        }
        return Long.parseLong(sequence);
    }

    private static void json(HttpExchange exchange, int status, Object body) throws IOException {
        exchange.send(status, "application/json", bytes(body));
    }

    /** {@code {"error": message}}, as every refusal answers. */
    static byte[] errorJson(String message) {
        return bytes(Map.of("error", message));
    }

    private static byte[] bytes(Object body) {
        try {
            return JSON.writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON: " + e.getMessage(), e);
        }
    }

    /** The page's {@code ?token=}, or null when its query has none, or cannot be read. */
    private static String tokenOf(String query) {
        try {
            return Query.parse(query).values().get("token");
        } catch (HttpError e) {
            return null;
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
