package dev.loomy.results;

/** How a (strategy, filter) measurement ended, as the {@code outcome} column spells it. */
public enum Outcome {
    OK("ok"),
    FAILED_IMAGES("failed-images"),
    CRASHED("crashed"),
    INTERRUPTED("interrupted");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
