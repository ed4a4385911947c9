package dev.loomy.engine;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.results.Measurement;
import dev.loomy.run.RunControl;
import dev.loomy.run.RunPlan;
import dev.loomy.run.Trial;

/**
 * Measures every pair of a plan, in order, and returns what was measured: all pairs, or those
 * measured before an interrupt (the last one possibly partial). A crashed pair is a row with
 * outcome {@code crashed}; the session goes on with the next.
 */
public interface Engine {

    List<Measurement> run(RunPlan plan) throws InterruptedException;

    /** How a session measures one pair. */
    interface PairMeasurement {
        Measurement measure(Trial pair) throws InterruptedException;
    }

    /** Measures each pair of {@code plan} in turn; after an interrupt, starts no other. */
    static List<Measurement> eachPair(RunPlan plan, RunControl control, PairMeasurement measurement)
            throws InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (Trial pair : plan.pairs()) {
            if (control.interrupted()) {
                break;
            }
            measurements.add(measurement.measure(pair));
        }
        return measurements;
    }
}
