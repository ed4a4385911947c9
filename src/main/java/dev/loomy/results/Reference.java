package dev.loomy.results;

import java.util.List;
import java.util.Locale;

/**
 * {@code --reference=S[/F]}: the row each row's {@code speedup} is relative to. With a filter, that
 * one row for every row; with a strategy only, that strategy's row of the same filter. By default
 * {@code loop} when it was measured, else the first row's strategy. In a scan, the reference is always
 * measured at the row's own point ({@code parallelism=4} against {@code parallelism=4}).
 *
 * @param strategy null for the default
 * @param filter   null for "the same filter as the row"
 */
public record Reference(String strategy, String filter) {

    public static final Reference DEFAULT = new Reference(null, null);

    /** {@code virtual} or {@code virtual/Cartoon2}; the names are checked against the selection elsewhere. */
    public static Reference parse(String text) {
        int slash = text.indexOf('/');
        String strategy = (slash < 0 ? text : text.substring(0, slash)).trim();
        String filter = slash < 0 ? null : text.substring(slash + 1).trim();
        if (strategy.isEmpty() || (filter != null && filter.isEmpty())) {
            throw new IllegalArgumentException("--reference=" + text + ": a strategy, or strategy/filter, was expected");
        }
        // Strategies are named in any case, as -s takes them.
        return new Reference(strategy.toLowerCase(Locale.ROOT), filter);
    }

    /** The measurement {@code row} is compared with, or null when it was not measured (or has no runs). */
    public Measurement of(List<Measurement> all, Measurement row) {
        if (all.isEmpty()) {
            return null;
        }
        String s = strategy != null ? strategy
                : all.stream().anyMatch(m -> m.strategy().equals("loop")) ? "loop" : all.get(0).strategy();
        String f = filter != null ? filter : row.filter();
        return all.stream().filter(m -> m.strategy().equals(s) && m.filter().equalsIgnoreCase(f)
                        && m.scan().equals(row.scan()) && !m.runs().isEmpty())
                .findFirst().orElse(null);
    }

    /** As {@code --reference} takes it: {@code virtual} or {@code virtual/Cartoon2}. */
    public String given() {
        return filter == null ? strategy : strategy + "/" + filter;
    }

    /** How captions name it: "loop", "virtual / Cartoon2", "loop (the default)". */
    public String label() {
        if (strategy == null) {
            return "loop when measured, else the first row's strategy, same filter";
        }
        return filter == null ? strategy + ", same filter" : strategy + " / " + filter;
    }
}
