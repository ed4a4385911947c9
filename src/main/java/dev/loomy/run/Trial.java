package dev.loomy.run;

import dev.loomy.filter.Filter;
import dev.loomy.strategy.Strategy;

/** One (strategy, filter) combination: what one measurement covers. */
public record Trial(Strategy strategy, Filter filter) {

    /** How a child JVM is told which pair to measure: {@code strategy/filter} (strategy names hold no slash). */
    public String key() {
        return strategy.name() + "/" + filter.name();
    }

    /** How people read it: {@code virtual / Cartoon2}. */
    public String label() {
        return strategy.name() + " / " + filter.name();
    }
}
