package dev.loomy.engine.spark;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.UnknownHostException;

/**
 * Whether a standalone master ({@code spark://HOST:PORT[,HOST:PORT...]}) can be connected to
 * at all, before a Spark context is made for it. Spark's own client tries to register 3 times,
 * 20 s apart (fixed in StandaloneAppClient, no setting changes it), and only then stops the
 * context; nothing listening at the address is known in a moment.
 */
final class MasterProbe {

    /** As long as one of Spark's registration tries waits for the master. */
    static final int CONNECT_TIMEOUT_MILLIS = 20_000;

    private MasterProbe() {
    }

    /**
     * Why no master of {@code master} takes a TCP connection (the last one's reason), or null when
     * one does or when {@code master} is no standalone master: what else listens there is Spark's to find.
     */
    static String unreachable(String master, int timeoutMillis) {
        if (!master.startsWith("spark://")) {
            return null;
        }
        String reason = null;
        for (String address : master.substring("spark://".length()).split(",")) {
            int colon = address.lastIndexOf(':');
            String host = address.substring(0, colon).replaceAll("^\\[|\\]$", "");
            int port = Integer.parseInt(address.substring(colon + 1));
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress(host, port), timeoutMillis);
                return null;
            } catch (UnknownHostException e) {
                reason = "unknown host " + host;
            } catch (IOException e) {
                reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
            }
        }
        return reason;
    }
}
