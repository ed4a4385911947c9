package dev.loomy.engine;

import java.util.List;

import dev.loomy.results.Measurement;
import dev.loomy.run.RunControl;
import dev.loomy.run.RunPlan;

/** Measures every pair in this JVM, one after the other ({@code --no-fork}). */
public final class InProcessEngine implements Engine {

    private final RunControl control;
    private final Benchmark benchmark;

    public InProcessEngine(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.benchmark = new Benchmark(control, failures, listener);
    }

    @Override
    public List<Measurement> run(RunPlan plan) throws InterruptedException {
        return Engine.eachPair(plan, control, pair -> plan.measure(benchmark, pair));
    }
}
