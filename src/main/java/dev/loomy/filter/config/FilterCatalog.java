package dev.loomy.filter.config;

import java.util.List;

import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;

/**
 * Every filter known after reading a filters file: the built-ins first, then the file's own,
 * a file's entry replacing the built-in of the same name in place.
 *
 * @param source  the file read, as named in messages, or the packaged default's resource
 * @param packaged whether {@code source} is the default packaged in the jar
 */
public record FilterCatalog(String source, boolean packaged, List<Entry> entries) {

    /** The kind a chain shows in listings. */
    public static final String CHAIN = "chain";

    /**
     * One filter, with what it is made from.
     *
     * @param kind the built-in algorithm it runs, or {@link #CHAIN}
     * @param line where the file defines it, or 0 for a built-in the file leaves out
     */
    public record Entry(Filter filter, String kind, int line) {
    }

    public FilterCatalog {
        entries = List.copyOf(entries);
    }

    public FilterRegistry registry() {
        FilterRegistry registry = new FilterRegistry();
        entries.forEach(entry -> registry.register(entry.filter()));
        return registry;
    }
}
