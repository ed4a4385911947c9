package dev.loomy.engine;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategy;

/** Measures one (strategy, filter): warm-up runs, then counted runs, as JMH does per benchmark. */
public final class Benchmark {

    private final RunExecutor executor;
    private final RunControl control;

    public Benchmark(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.executor = new RunExecutor(control, failures, listener);
    }

    public Measurement measure(Strategy strategy, ImagePipeline pipeline, List<ImagePaths> images,
                               int warmups, int repeats, int parallelism) throws InterruptedException {
        String filter = pipeline.filter().name();
        String name = strategy.name() + " / " + filter;
        List<RunRecord> counted = new ArrayList<>(repeats);
        control.clearCrash();
        for (int i = 0; i < warmups + repeats; i++) {
            boolean warmup = i < warmups;
            String label = name + (warmup ? " warm-up " + (i + 1) + "/" + warmups : " run " + (i - warmups + 1) + "/" + repeats);
            RunRecord run = executor.run(strategy, pipeline, images, parallelism, label);
            if (control.crashReason() != null) {
                return Measurement.crashed(strategy.name(), filter, images.size(), warmups, counted, control.crashReason());
            }
            if (run.interrupted()) {
                // A partial run's time says nothing comparable; it is kept only when there is nothing else.
                if (counted.isEmpty()) {
                    counted.add(run);
                }
                return new Measurement(strategy.name(), filter, images.size(), warmups, counted, Outcome.INTERRUPTED,
                        "interrupted");
            }
            if (!warmup) {
                counted.add(run);
            }
        }
        Outcome outcome = counted.stream().anyMatch(r -> r.failed() > 0) ? Outcome.FAILED_IMAGES : Outcome.OK;
        return new Measurement(strategy.name(), filter, images.size(), warmups, List.copyOf(counted), outcome, null);
    }
}
