package dev.loomy.tune;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * Who may use tune: only the page it served, in the browser it printed the address for. The
 * address carries a secret made for this run ({@code /?token=...}, as Jupyter's does); the page's
 * answer sets it as a cookie of this port's, {@code SameSite=Strict}, which the browser sends with
 * the page's own requests (its API calls and its {@code <img>}s) and with no other site's. A
 * client of its own (a script, curl) sends it in {@code X-Loomy-Token}. Every request must also name
 * this server in its {@code Host} (a site whose name is made to resolve to 127.0.0.1, DNS rebinding,
 * is refused), and one that a browser says comes from another origin ({@code Origin}, or
 * {@code Sec-Fetch-Site} other than {@code same-origin} or {@code none}) is refused whatever it carries:
 * another port of 127.0.0.1 is the same site to a browser, and would send the cookie.
 */
final class Access {

    static final String HEADER = "X-Loomy-Token";

    private final String token = HexFormat.of().formatHex(random());
    private final int port;

    Access(int port) {
        this.port = port;
    }

    private static byte[] random() {
        byte[] bytes = new byte[32];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }

    String token() {
        return token;
    }

    /** The cookie that carries the token, named by the port: two tunes on one machine keep theirs apart. */
    String cookie() {
        return "loomy-tune-" + port + "=" + token + "; Path=/; HttpOnly; SameSite=Strict";
    }

    /**
     * Refuses {@code request} unless it is for this server, from this server's page or a client of
     * its own, with the token.
     *
     * @param page whether it asks for the page, which takes the token from its query too
     * @return whether the token came in the query (the page's answer then sets the cookie)
     */
    boolean check(HttpHead request, boolean page, String query) throws HttpError {
        List<String> hosts = request.all("Host");
        String host = hosts.size() != 1 ? null : hosts.getFirst().toLowerCase(Locale.ROOT);
        if (!(("127.0.0.1:" + port).equals(host) || ("localhost:" + port).equals(host))) {
            throw new HttpError(403, "this server answers requests for 127.0.0.1:" + port + " or localhost:"
                    + port + " only");
        }
        List<String> origins = request.all("Origin");
        if (!origins.isEmpty() && !(origins.size() == 1 && (origins.getFirst().equals("http://127.0.0.1:" + port)
                || origins.getFirst().equals("http://localhost:" + port)))) {
            throw new HttpError(403, "refused: a request from another origin");
        }
        List<String> sites = request.all("Sec-Fetch-Site");
        if (!sites.isEmpty() && !(sites.size() == 1 && (sites.getFirst().equals("same-origin")
                || sites.getFirst().equals("none")))) {
            throw new HttpError(403, "refused: a request from another site");
        }
        if (matches(request.header(HEADER)) || matches(fromCookie(request))) {
            return false;
        }
        if (page && matches(query)) {
            return true;
        }
        throw new HttpError(403, "refused: no token, or not this run's (open the address loomy tune printed)");
    }

    private String fromCookie(HttpHead request) {
        String name = "loomy-tune-" + port + "=";
        String found = null;
        for (String header : request.all("Cookie")) {
            for (String pair : header.split(";")) {
                String trimmed = pair.strip();
                if (trimmed.startsWith(name)) {
                    if (found != null) {
                        return null; // twice: neither is trusted
                    }
                    found = trimmed.substring(name.length());
                }
            }
        }
        return found;
    }

    /** Compared in constant time: how long a refusal takes says nothing of how much of the token was right. */
    private boolean matches(String given) {
        return given != null && MessageDigest.isEqual(token.getBytes(StandardCharsets.US_ASCII),
                given.getBytes(StandardCharsets.US_ASCII));
    }
}
