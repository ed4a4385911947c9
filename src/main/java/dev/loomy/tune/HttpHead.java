package dev.loomy.tune;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A request's head as it arrived: its method, its target as sent (path and query not decoded),
 * its headers by lower-case name; or, for a head that cannot be taken, the reason, which is the
 * answer.
 *
 * @param closing whether the connection ends after the answer: asked for, HTTP/1.0, or a body
 *                that is never read
 */
record HttpHead(String method, String path, String query, Map<String, List<String>> headers, boolean closing,
                HttpError problem) {

    /** The longest head taken: a preview's query is at most {@link Query#MAX_LENGTH}, its headers a few. */
    static final int MAX_BYTES = 16 * 1024;
    /** The most header lines taken. */
    static final int MAX_HEADERS = 64;

    /** The one value of {@code name}, or null when it is absent or given more than once. */
    String header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.size() != 1 ? null : values.getFirst();
    }

    /** Every value of {@code name}. */
    List<String> all(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    private static HttpHead refused(int status, String message) {
        return new HttpHead("GET", "", null, Map.of(), true, new HttpError(status, message));
    }

    /** Reads the heads of a connection's requests, one after the other, within the limits' times. */
    static final class Reader {

        private final Socket socket;
        private final InputStream in;
        private final LoopbackHttp.Limits limits;
        private final byte[] buffer = new byte[MAX_BYTES];
        private int start;
        private int end;

        Reader(Socket socket, LoopbackHttp.Limits limits) throws IOException {
            this.socket = socket;
            this.in = socket.getInputStream();
            this.limits = limits;
        }

        /** The next request's head; null when the connection ends or idles out before one begins. */
        HttpHead next() throws IOException {
            boolean begun = start < end;
            long deadline = System.nanoTime() + (begun ? limits.head() : limits.idle()).toNanos();
            int scanned = start;
            while (true) {
                int stop = headEnd(scanned);
                if (stop >= 0) {
                    String text = new String(buffer, start, stop - start, StandardCharsets.ISO_8859_1);
                    start = buffer[stop] == '\r' ? stop + 4 : stop + 2;
                    return parse(text);
                }
                scanned = Math.max(start, end - 3);
                if (start > 0) {
                    System.arraycopy(buffer, start, buffer, 0, end - start);
                    scanned -= start;
                    end -= start;
                    start = 0;
                }
                if (end == buffer.length) {
                    return refused(431, "the request's head is longer than " + MAX_BYTES + " bytes");
                }
                socket.setSoTimeout(LoopbackHttp.millisUntil(deadline));
                int read;
                try {
                    read = in.read(buffer, end, buffer.length - end);
                } catch (SocketTimeoutException e) {
                    if (!begun) {
                        return null;
                    }
                    return refused(408, "the request's head did not arrive within " + limits.head().toSeconds()
                            + " s");
                }
                if (read < 0) {
                    return null;
                }
                if (!begun) {
                    begun = true;
                    deadline = System.nanoTime() + limits.head().toNanos();
                }
                end += read;
            }
        }

        /** Where the head's blank line begins, at or after {@code from}; -1 when it has not come yet. */
        private int headEnd(int from) {
            for (int i = from; i < end; i++) {
                if (buffer[i] == '\n' && i + 1 < end && buffer[i + 1] == '\n') {
                    return i; // bare LFs: as lenient as the JDK's server
                }
                if (buffer[i] == '\r' && i + 3 < end && buffer[i + 1] == '\n' && buffer[i + 2] == '\r'
                        && buffer[i + 3] == '\n') {
                    return i;
                }
            }
            return -1;
        }
    }

    static HttpHead parse(String text) {
        String[] lines = text.split("\r?\n", -1);
        String[] request = lines[0].split(" ", -1);
        if (request.length != 3 || request[0].isEmpty() || request[1].isEmpty()
                || !request[2].matches("HTTP/1\\.[01]") || !request[0].matches("[A-Z]{1,16}")) {
            return refused(400, "not an HTTP/1.1 request line");
        }
        if (lines.length - 1 > MAX_HEADERS) {
            return refused(431, "more than " + MAX_HEADERS + " header lines");
        }
        if (!request[1].chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
            return refused(400, "the request's target is not printable ASCII");
        }
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon < 0 ? "" : lines[i].substring(0, colon);
            if (!name.matches("[!#$%&'*+.^_`|~0-9A-Za-z-]+")) {
                return refused(400, "a malformed header line");
            }
            String value = lines[i].substring(colon + 1).strip();
            headers.computeIfAbsent(name.toLowerCase(Locale.ROOT), n -> new ArrayList<>()).add(value);
        }
        String target = request[1];
        int question = target.indexOf('?');
        String path = question < 0 ? target : target.substring(0, question);
        String query = question < 0 ? null : target.substring(question + 1);
        List<String> connection = headers.getOrDefault("connection", List.of());
        boolean body = headers.containsKey("transfer-encoding")
                || headers.getOrDefault("content-length", List.of()).stream().anyMatch(v -> !v.equals("0"));
        boolean closing = body || request[2].equals("HTTP/1.0") && !connection.contains("keep-alive")
                || connection.stream().anyMatch(v -> v.equalsIgnoreCase("close"));
        return new HttpHead(request[0], path, query, headers, closing, null);
    }
}
