package dev.loomy.results;

import java.util.List;

/**
 * What a comparison with saved results found: made after the run, from its results, by the
 * baseline it was compared with.
 *
 * @param source      where the baseline was read from, for messages
 * @param differences why the two may not be comparable (another machine, JDK, engine, options), a line each
 * @param rows        each row the baseline has too, compared with its own
 */
public record BaselineComparison(String source, List<String> differences, List<RowComparison> rows) {

    public BaselineComparison {
        differences = List.copyOf(differences);
        rows = List.copyOf(rows);
    }

    /** The comparison of the row named {@code key}, or null when the baseline has no such row. */
    public RowComparison of(RowKey key) {
        return rows.stream().filter(row -> row.key().equals(key)).findFirst().orElse(null);
    }
}
