package dev.loomy.run;

/** One strategy with one filter, by name: what one measurement covers. */
public record Trial(String strategy, String filter) {

    /** How a child JVM is told which trial to measure: {@code strategy/filter} (strategy names hold no slash). */
    public String key() {
        return strategy + "/" + filter;
    }

    /** How people read it: {@code virtual / Cartoon2}. */
    public String label() {
        return strategy + " / " + filter;
    }
}
