package dev.loomy.filter.config;

import java.util.List;

import dev.loomy.filter.Chain;
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

    /**
     * One filter, with where it is defined.
     *
     * @param line where the file defines it, or 0 for a built-in the file leaves out
     */
    public record Entry(Filter filter, int line) {

        /** The built-in algorithm it runs, or {@link Chain#KIND}. */
        public String kind() {
            return filter.kind();
        }
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
