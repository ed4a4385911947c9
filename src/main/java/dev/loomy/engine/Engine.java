package dev.loomy.engine;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Trial;

/**
 * Where a run's trials are measured: in this JVM ({@link InProcessEngine}), in a child JVM each
 * ({@code ForkEngine}), or as jobs on Spark's executors ({@code SparkEngine}, {@code --engine=spark},
 * made by the {@link EngineProvider} of that name). Measures every trial, in order, and returns what
 * was measured: all trials, or those measured before an interrupt (the last one possibly partial). A
 * crashed trial is a row with outcome {@code crashed}; the run goes on with the next. An engine that
 * can also give its trials as rows measured a run at a time is a {@link RowEngine}.
 */
public interface Engine {

    List<Measurement> run(RunConfig config) throws InterruptedException;

    /**
     * The machine the results say they were measured on: this one, where the engine measures in this
     * JVM or children of it; an engine that measures elsewhere, or not at all (the tests' mock timing
     * engine), says its own.
     */
    default MachineInfo machine() {
        return MachineInfo.current();
    }

    /** How an engine measures one trial. */
    interface TrialMeasurement {
        Measurement measure(Trial trial) throws InterruptedException;
    }

    /** Measures each of {@code trials} in turn; after an interrupt, starts no other. */
    static List<Measurement> eachTrial(List<Trial> trials, RunControl control, TrialMeasurement measurement)
            throws InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (Trial trial : trials) {
            if (control.interrupted()) {
                break;
            }
            measurements.add(measurement.measure(trial));
        }
        return measurements;
    }
}
