package dev.loomy.tune;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * tune's HTTP/1.1 server on one loopback address, for the bounds the JDK's {@code HttpServer}
 * does not keep: every answer is the handler's or this class's own, even to a request that no
 * context of the JDK's would match (a target such as {@code //tune.js} or {@code *}); a request's
 * head must arrive whole within {@link Limits#head()}, and a reply be taken by the client within
 * {@link Limits#reply()}, or the connection is closed; at most {@link Limits#connections()} are
 * open at once, each with a thread of its own, so that clients that send or read slowly hold
 * their own connections only, never a thread another request waits for. A request with a body is
 * answered without its body being read, and its connection closed.
 */
final class LoopbackHttp implements AutoCloseable {

    /**
     * @param connections the most connections open at once; one more is answered 503 and closed
     * @param head        the longest a request's head may take to arrive, from its first byte
     * @param idle        the longest a connection may wait for its next request
     * @param reply       the longest a reply may take to be written (a client that stops reading)
     */
    record Limits(int connections, Duration head, Duration idle, Duration reply) {

        static final Limits DEFAULT = new Limits(64, Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofSeconds(60));
    }

    /** Answers one request; it must call {@link HttpExchange#send} once. */
    interface Handler {
        void handle(HttpExchange exchange) throws IOException;
    }

    private final ServerSocket listening;
    private final Limits limits;
    private Handler handler;
    private final Semaphore open;
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final ScheduledThreadPoolExecutor watchdog;
    private final AtomicInteger threads = new AtomicInteger();

    private LoopbackHttp(ServerSocket listening, Limits limits) {
        this.listening = listening;
        this.limits = limits;
        this.open = new Semaphore(limits.connections());
        this.watchdog = new ScheduledThreadPoolExecutor(1,
                Thread.ofPlatform().daemon().name("loomy-tune-watchdog").factory());
        // A reply taken in time cancels its timeout: gone from the queue at once, not after the limit.
        watchdog.setRemoveOnCancelPolicy(true);
    }

    /** Listening on {@code address}, {@code port} (0 for a free one); nothing is answered before {@link #serve}. */
    static LoopbackHttp listen(InetAddress address, int port, Limits limits) throws IOException {
        ServerSocket listening = new ServerSocket();
        try {
            listening.bind(new InetSocketAddress(address, port), limits.connections());
        } catch (IOException e) {
            listening.close();
            throw e;
        }
        return new LoopbackHttp(listening, limits);
    }

    /** Starts answering, each request by {@code handler}. */
    void serve(Handler handler) {
        this.handler = handler;
        Thread.ofPlatform().daemon().name("loomy-tune-accept").start(this::accept);
    }

    int port() {
        return listening.getLocalPort();
    }

    /** Stops listening and closes every connection at once. */
    @Override
    public void close() {
        try {
            listening.close();
        } catch (IOException e) {
            // Closed already: nothing more to stop.
        }
        sockets.forEach(LoopbackHttp::closeQuietly);
        watchdog.shutdownNow();
    }

    private void accept() {
        while (!listening.isClosed()) {
            Socket client;
            try {
                client = listening.accept();
            } catch (IOException e) {
                pause(); // closed, which ends the loop, or out of file descriptors for a moment
                continue;
            }
            if (!open.tryAcquire()) {
                busy(client);
                continue;
            }
            sockets.add(client);
            Thread.ofPlatform().daemon().name("loomy-tune-" + threads.incrementAndGet()).start(() -> serve(client));
        }
    }

    /** One connection's requests, one after the other, until it closes, idles or misbehaves. */
    private void serve(Socket client) {
        try (client) {
            client.setTcpNoDelay(true);
            HttpHead.Reader heads = new HttpHead.Reader(client, limits);
            OutputStream out = new BufferedOutputStream(client.getOutputStream(), 64 * 1024);
            while (true) {
                HttpHead head = heads.next();
                if (head == null) {
                    return;
                }
                HttpExchange exchange = new HttpExchange(head, out, client, watchdog, limits.reply());
                if (head.problem() != null) {
                    exchange.fail(head.problem());
                    return;
                }
                handler.handle(exchange);
                if (!exchange.sent()) {
                    exchange.fail(new HttpError(500, "internal error: no answer was made"));
                }
                if (exchange.closing()) {
                    return;
                }
            }
        } catch (IOException e) {
            // The client has gone, or was too slow: its connection is closed.
        } finally {
            sockets.remove(client);
            open.release();
        }
    }

    /** One connection more than the limit: a short answer of loomy's, then closed. */
    private void busy(Socket client) {
        try (client) {
            client.setSoTimeout(1000);
            byte[] body = ("{\"error\":\"loomy tune has " + limits.connections()
                    + " connections open already: try again\"}").getBytes(StandardCharsets.US_ASCII);
            OutputStream out = client.getOutputStream();
            out.write(("HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nContent-Length: "
                    + body.length + "\r\nConnection: close\r\nCache-Control: no-store\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.write(body);
            out.flush();
        } catch (IOException e) {
            // It has gone already.
        }
    }

    private void pause() {
        if (!listening.isClosed()) {
            try {
                Thread.sleep(10);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closed already.
        }
    }

    /** How long until {@code deadline}, in whole milliseconds, at least 1 (0 would mean no limit to a socket). */
    static int millisUntil(long deadline) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
    }
}
