package dev.loomy.engine.fork;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.loomy.console.Console;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.Rounds;
import dev.loomy.engine.Row;
import dev.loomy.engine.RowEngine;
import dev.loomy.engine.RunListener;
import dev.loomy.results.Measurement;
import dev.loomy.run.RunControl;
import dev.loomy.run.RunConfig;

/**
 * Measures each trial in its own child JVM, as JMH forks: no trial inherits another's JIT
 * profile, heap, threads or resident-memory peak. Each child stays warm between the runs it is
 * asked for, so that rounds can interleave the rows' runs; taken sequentially, one child runs at a
 * time. A child that dies becomes a {@code crashed} row and the run goes on. After an interrupt no
 * new child starts.
 */
public final class ForkEngine implements RowEngine {

    /**
     * How long a child asked to stop may take to report its partial measurement: its images'
     * {@link RunControl#GRACE} and one step more, within the 3 seconds a stop may take.
     */
    static final Duration GRACE = Duration.ofSeconds(2);

    private final ChildLauncher launcher;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final Console console;
    private final Set<String> stderrSeen = ConcurrentHashMap.newKeySet();

    public ForkEngine(ChildLauncher launcher, RunControl control, FailureLog failures, RunListener listener,
                      Console console) {
        this.launcher = launcher;
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.console = console;
    }

    @Override
    public List<Measurement> run(RunConfig config) throws InterruptedException {
        return new Rounds(control).sequential(rows(config));
    }

    /** A child JVM per trial, each started when its row is warmed up. */
    @Override
    public List<Row> rows(RunConfig config) {
        return config.trials().stream().<Row>map(trial -> new ChildProcess(trial, config, control, failures, listener,
                console, stderrSeen, GRACE, launcher.process(trial))).toList();
    }
}
