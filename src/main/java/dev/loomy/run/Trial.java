package dev.loomy.run;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.strategy.Strategy;

/** One strategy with one filter: what one measurement covers. The strategy is the one the command line chose. */
public record Trial(Strategy strategy, String filter) {

    /** Every strategy with every filter, strategy by strategy: the trials of a run, in the order they are measured. */
    public static List<Trial> every(List<Strategy> strategies, List<String> filters) {
        List<Trial> trials = new ArrayList<>(strategies.size() * filters.size());
        for (Strategy strategy : strategies) {
            for (String filter : filters) {
                trials.add(new Trial(strategy, filter));
            }
        }
        return trials;
    }

    /** The strategy's name, as results and output paths show it. */
    public String strategyName() {
        return strategy.name();
    }

    /** How a child JVM is told which trial to measure: {@code strategy/filter} (strategy names hold no slash). */
    public String key() {
        return strategy.name() + "/" + filter;
    }

    /** How people read it: {@code virtual / Cartoon2}. */
    public String label() {
        return strategy.name() + " / " + filter;
    }
}
