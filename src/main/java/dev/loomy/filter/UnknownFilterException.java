package dev.loomy.filter;

import java.util.Arrays;
import java.util.Collection;

import dev.loomy.console.DidYouMean;

/** A filter name that neither the built-ins nor the filters file define; the message offers the closest names. */
public final class UnknownFilterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public UnknownFilterException(String name, Collection<String> known) {
        super("unknown filter '" + name + "' (" + DidYouMean.hint(name, known) + ")" + quoting(name, known));
    }

    /** A hint when {@code name} is a piece of a known name with a comma, which -f split. */
    private static String quoting(String name, Collection<String> known) {
        for (String one : known) {
            if (one.contains(",") && Arrays.stream(one.split(",")).anyMatch(name::equalsIgnoreCase)) {
                return "; a name with a comma goes in double quotes: -f '\"" + one + "\"'";
            }
        }
        return "";
    }
}
