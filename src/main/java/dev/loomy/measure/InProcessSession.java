package dev.loomy.measure;

import java.util.List;

/** Measures every pair in this JVM, one after the other ({@code --no-fork}). */
public final class InProcessSession implements Session {

    private final RunControl control;
    private final Benchmark benchmark;

    public InProcessSession(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.benchmark = new Benchmark(control, failures, listener);
    }

    @Override
    public List<Measurement> run(SessionPlan plan) throws InterruptedException {
        return Session.eachPair(plan, control, pair -> plan.measure(benchmark, pair));
    }
}
