package dev.loomy.engine.fork;

import java.io.PrintStream;
import java.util.List;

import dev.loomy.engine.Benchmark;
import dev.loomy.engine.Engine;
import dev.loomy.results.Measurement;
import dev.loomy.run.RunControl;
import dev.loomy.run.RunPlan;
import dev.loomy.run.Trial;

/**
 * The child side of a forked session: measures the one pair the parent named, in this JVM,
 * and reports on standard output through {@link ChildProtocol}; nothing else may be written
 * there. An interrupt (the parent's SIGTERM, or Ctrl-C) ends the measurement early, and the
 * partial measurement is still reported.
 *
 * <p>Test hook: the system property {@code loomy.test.crash} (which the parent passes on to
 * its children) is a comma list of {@code strategy/filter=how}; the child measuring such a
 * pair dies on purpose before measuring: {@code halt} ends the JVM at once with status 137,
 * as the kernel's out-of-memory killer would; {@code oom} throws an OutOfMemoryError that
 * nothing catches. Tests use it to check that a crashed child becomes a {@code crashed} row.
 */
public final class ChildMain implements Engine {

    static final String CRASH_HOOK = "loomy.test.crash";

    private final String pairKey;
    private final RunControl control;
    private final PrintStream out;

    /** @param pairKey the {@link Trial#key} to measure; @param out the parent's end of the protocol */
    public ChildMain(String pairKey, RunControl control, PrintStream out) {
        this.pairKey = pairKey;
        this.control = control;
        this.out = out;
    }

    @Override
    public List<Measurement> run(RunPlan plan) throws InterruptedException {
        Trial pair = plan.pair(pairKey).orElseThrow(() -> new IllegalArgumentException(
                "--child names " + pairKey + ", which is not among the strategies and filters selected"));
        crashIfAsked(pair);
        ChildProtocol.Writer writer = new ChildProtocol.Writer(out, control::interrupt);
        Measurement measurement;
        try (ChildReporter reporter = new ChildReporter(writer)) {
            measurement = plan.measure(new Benchmark(control, reporter.failureLog(), reporter), pair);
        }
        writer.send(new ChildProtocol.Result(measurement));
        return List.of(measurement);
    }

    private static void crashIfAsked(Trial pair) {
        for (String entry : System.getProperty(CRASH_HOOK, "").split(",")) {
            int eq = entry.lastIndexOf('=');
            if (eq > 0 && entry.substring(0, eq).trim().equals(pair.key())) {
                switch (entry.substring(eq + 1).trim()) {
                    case "halt" -> Runtime.getRuntime().halt(137);
                    case "oom" -> throw new OutOfMemoryError("Java heap space (" + CRASH_HOOK + " for " + pair.key() + ")");
                    default -> throw new IllegalArgumentException(CRASH_HOOK + ": unknown way to crash in '" + entry
                            + "' (halt or oom)");
                }
            }
        }
    }
}
