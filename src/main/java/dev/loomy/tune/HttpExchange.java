package dev.loomy.tune;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * One request and its answer: the head as it came, the reply's headers, and {@link #send} (once),
 * which writes the status line, the headers and, unless the request is a HEAD, the body.
 */
final class HttpExchange {

    private static final Map<Integer, String> REASONS = Map.ofEntries(Map.entry(200, "OK"),
            Map.entry(400, "Bad Request"), Map.entry(403, "Forbidden"), Map.entry(404, "Not Found"),
            Map.entry(405, "Method Not Allowed"), Map.entry(408, "Request Timeout"), Map.entry(409, "Conflict"),
            Map.entry(422, "Unprocessable Content"), Map.entry(431, "Request Header Fields Too Large"),
            Map.entry(500, "Internal Server Error"), Map.entry(503, "Service Unavailable"));

    private final HttpHead head;
    private final OutputStream out;
    private final Socket socket;
    private final ScheduledExecutorService watchdog;
    private final Duration reply;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private boolean sent;

    HttpExchange(HttpHead head, OutputStream out, Socket socket, ScheduledExecutorService watchdog, Duration reply) {
        this.head = head;
        this.out = out;
        this.socket = socket;
        this.watchdog = watchdog;
        this.reply = reply;
    }

    HttpHead request() {
        return head;
    }

    /** Sets a header of the reply; a value's characters outside printable ASCII become '?'. */
    void header(String name, String value) {
        headers.put(name, value.replaceAll("[^\\x20-\\x7e]", "?"));
    }

    boolean sent() {
        return sent;
    }

    /** Whether the connection ends after this answer. */
    boolean closing() {
        return head.closing();
    }

    /**
     * Sends the answer: the body from where it lies (the heap or native memory), a channel copying
     * it a few kilobytes at a time. The connection is closed if the client takes longer than the
     * limit to take it.
     */
    void send(int status, String type, ByteBuffer body) throws IOException {
        if (sent) {
            throw new IllegalStateException("answered twice");
        }
        sent = true;
        StringBuilder text = new StringBuilder(256).append("HTTP/1.1 ").append(status).append(' ')
                .append(REASONS.getOrDefault(status, "Error")).append("\r\n");
        headers.put("Content-Type", type);
        headers.put("Content-Length", Integer.toString(body.remaining()));
        if (head.closing()) {
            headers.put("Connection", "close");
        }
        headers.forEach((name, value) -> text.append(name).append(": ").append(value).append("\r\n"));
        text.append("\r\n");
        ScheduledFuture<?> timeout;
        try {
            timeout = watchdog.schedule(() -> LoopbackHttp.closeQuietly(socket), reply.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            throw new IOException("loomy tune is stopping", e);
        }
        try {
            out.write(text.toString().getBytes(StandardCharsets.ISO_8859_1));
            if (!head.method().equals("HEAD")) {
                WritableByteChannel channel = Channels.newChannel(out);
                while (body.hasRemaining()) {
                    channel.write(body);
                }
            }
            out.flush();
        } finally {
            timeout.cancel(false);
        }
    }

    void send(int status, String type, byte[] body) throws IOException {
        send(status, type, ByteBuffer.wrap(body));
    }

    /** Answers {@code error} as one line of JSON. */
    void fail(HttpError error) throws IOException {
        send(error.status(), "application/json", TuneServer.errorJson(error.getMessage()));
    }
}
