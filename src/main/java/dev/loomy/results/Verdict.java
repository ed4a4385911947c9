package dev.loomy.results;

/**
 * What a comparison with a baseline concludes for one row. A change counts only when it is beyond
 * both runs' noise: when Welch's t-test at 5% (two-sided) tells the two mean run times apart, each
 * side's outlying runs (hyperfine's rule) left out. Asking instead whether the two 95% intervals
 * overlap misses large changes: a few runs with one cold among them give an interval hundreds of
 * milliseconds wide.
 */
public enum Verdict {
    REGRESSED("regressed"),
    IMPROVED("improved"),
    NO_CHANGE("no change"),
    /** One side has fewer than two runs, so it has no interval: noise cannot be told from change. */
    UNKNOWN("too few runs to tell");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
