package dev.loomy.filter;

import java.util.Collection;

/** A filter name that neither the built-ins nor the filters file define. */
public final class UnknownFilterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnknownFilterException(String name, Collection<String> known) {
        super("unknown filter '" + name + "' (known: " + String.join(", ", known) + ")");
    }
}
