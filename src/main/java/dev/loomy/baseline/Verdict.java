package dev.loomy.baseline;

/**
 * What a comparison with a baseline concludes for one row. A change counts only when it is beyond
 * both runs' noise: when the 95% confidence intervals of the two mean run times do not overlap.
 * That is stricter than a t-test at 5% (two disjoint 95% intervals mean p well below 0.05), so a
 * "regressed" is rarely noise; a small real change may need more runs to show.
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
