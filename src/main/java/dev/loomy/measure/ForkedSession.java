package dev.loomy.measure;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Measures each pair in its own child JVM, one child at a time, as JMH forks: no pair inherits
 * another's JIT profile, heap, threads or resident-memory peak. A child that dies becomes a
 * {@code crashed} row and the session goes on. After an interrupt no new child starts.
 */
public final class ForkedSession implements Session {

    /**
     * How long a child asked to stop may take to report its partial measurement: its images'
     * {@link RunControl#GRACE} and one step more, within the 3 seconds a stop may take.
     */
    static final Duration GRACE = Duration.ofSeconds(2);

    private final ChildLauncher launcher;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final PrintStream err;
    private final Set<String> stderrSeen = ConcurrentHashMap.newKeySet();

    public ForkedSession(ChildLauncher launcher, RunControl control, FailureLog failures, RunListener listener,
                         PrintStream err) {
        this.launcher = launcher;
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.err = err;
    }

    @Override
    public List<Measurement> run(SessionPlan plan) throws InterruptedException {
        return Session.eachPair(plan, control, pair -> new ChildRun(pair, plan, control, failures, listener, err,
                stderrSeen, GRACE).run(launcher.process(pair)));
    }
}
