package dev.loomy.filter.config;

import java.util.List;

import dev.loomy.filter.Filter;

/** One entry under {@code filters:}, with the line it starts on. */
sealed interface Definition {

    String name();

    int line();

    /** A built-in kind with parameter values: the filter is made as soon as the entry is read. */
    record OfKind(String name, int line, Filter filter) implements Definition {
    }

    /** A chain: its steps are names, resolved once every entry is known. */
    record ChainOf(String name, int line, List<Step> steps) implements Definition {
    }

    /** A name in a chain's list, with its line. */
    record Step(String name, int line) {
    }
}
