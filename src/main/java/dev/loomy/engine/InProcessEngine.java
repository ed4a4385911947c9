package dev.loomy.engine;

import java.util.List;
import java.util.function.Consumer;

import dev.loomy.imageio.TempFiles;
import dev.loomy.results.Measurement;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;

/** Measures every trial in this JVM, one after the other ({@code --no-fork}). */
public final class InProcessEngine implements Engine {

    private final RunControl control;
    private final Benchmark benchmark;
    private final TempFiles temps;
    private final Consumer<String> notes;

    /** @param notes receives the line that says the in-flight limit, one for all the run's filters */
    public InProcessEngine(RunControl control, FailureLog failures, RunListener listener, TempFiles temps,
                           Consumer<String> notes) {
        this.control = control;
        this.benchmark = new Benchmark(control, failures, listener);
        this.temps = temps;
        this.notes = notes;
    }

    @Override
    public List<Measurement> run(RunConfig config) throws InterruptedException {
        try (Workload workload = Workload.of(config, temps, control::interrupted, notes)) {
            return run(workload);
        }
    }

    public List<Measurement> run(Workload workload) throws InterruptedException {
        return Engine.eachTrial(workload.trials(), control, trial -> workload.measure(benchmark, trial));
    }
}
