package dev.loomy.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * Measures every pair of a plan, in order, and returns what was measured: all pairs, or those
 * measured before an interrupt (the last one possibly partial). A crashed pair is a row with
 * outcome {@code crashed}; the session goes on with the next.
 */
public interface Session {

    List<Measurement> run(SessionPlan plan) throws InterruptedException;

    /** How a session measures one pair. */
    interface PairMeasurement {
        Measurement measure(Pair pair) throws InterruptedException;
    }

    /** Measures each pair of {@code plan} in turn; after an interrupt, starts no other. */
    static List<Measurement> eachPair(SessionPlan plan, RunControl control, PairMeasurement measurement)
            throws InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (Pair pair : plan.pairs()) {
            if (control.interrupted()) {
                break;
            }
            measurements.add(measurement.measure(pair));
        }
        return measurements;
    }
}
