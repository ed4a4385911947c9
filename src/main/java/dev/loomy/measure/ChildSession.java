package dev.loomy.measure;

import java.io.PrintStream;
import java.util.List;

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
public final class ChildSession implements Session {

    static final String CRASH_HOOK = "loomy.test.crash";

    private final String pairKey;
    private final RunControl control;
    private final PrintStream out;

    /** @param pairKey the {@link Pair#key} to measure; @param out the parent's end of the protocol */
    public ChildSession(String pairKey, RunControl control, PrintStream out) {
        this.pairKey = pairKey;
        this.control = control;
        this.out = out;
    }

    @Override
    public List<Measurement> run(SessionPlan plan) throws InterruptedException {
        Pair pair = plan.pair(pairKey).orElseThrow(() -> new IllegalArgumentException(
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

    private static void crashIfAsked(Pair pair) {
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
