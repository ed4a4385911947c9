package dev.loomy.tune;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A request's query, read as the API takes it: each name once, names and values decoded as UTF-8. */
record Query(Map<String, String> values) {

    /** The longest query read: a preview names an image, a filter and a few parameters. */
    static final int MAX_LENGTH = 4096;

    static Query parse(String raw) throws HttpError {
        Map<String, String> values = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return new Query(values);
        }
        if (raw.length() > MAX_LENGTH) {
            throw HttpError.badRequest("the query is longer than " + MAX_LENGTH + " characters");
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String name = decode(eq < 0 ? pair : pair.substring(0, eq));
            String value = eq < 0 ? "" : decode(pair.substring(eq + 1));
            if (values.putIfAbsent(name, value) != null) {
                throw HttpError.badRequest(name + " is given twice");
            }
        }
        return new Query(Collections.unmodifiableMap(values));
    }

    /** The value of {@code name}, which must be given and not empty. */
    String require(String name) throws HttpError {
        String value = values.get(name);
        if (value == null || value.isEmpty()) {
            throw HttpError.badRequest("no " + name + " given (?" + name + "=...)");
        }
        return value;
    }

    private static String decode(String text) throws HttpError {
        try {
            return URLDecoder.decode(text, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw HttpError.badRequest("a malformed %-escape in the query: " + e.getMessage());
        }
    }
}
