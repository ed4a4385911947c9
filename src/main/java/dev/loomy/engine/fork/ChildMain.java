package dev.loomy.engine.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.function.Consumer;

import org.opencv.core.Core;

import dev.loomy.console.Console;
import dev.loomy.engine.Benchmark;
import dev.loomy.engine.Row;
import dev.loomy.engine.Workload;
import dev.loomy.files.InputGuard;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;
import dev.loomy.results.Measurement;
import dev.loomy.run.Interrupts;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Trial;

/**
 * The entry point of a child JVM: {@code ChildMain STRATEGY/FILTER}, the run's {@link RunConfig}
 * as JSON on the first line of standard input, then the parent's commands, a line each. It
 * measures that one trial in this JVM, a warm-up or a run when told, staying warm in between, and
 * reports on standard output through {@link ChildProtocol}; nothing else may be written there. An
 * interrupt (the parent's SIGTERM, or Ctrl-C) ends the measurement early, and the partial
 * measurement is still reported.
 *
 * <p>Test hook: the system property {@code loomy.test.crash} (which the parent passes on to
 * its children) is a comma list of {@code strategy/filter=how}; the child measuring such a
 * trial dies on purpose before measuring: {@code halt} ends the JVM at once with status 137,
 * as the kernel's out-of-memory killer would; {@code oom} throws an OutOfMemoryError that
 * nothing catches. Tests use it to check that a crashed child becomes a {@code crashed} row.
 */
public final class ChildMain {

    static final String CRASH_HOOK = "loomy.test.crash";

    private ChildMain() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) {
            new Console(System.err, false).error("a child JVM takes one argument, STRATEGY/FILTER, and the run on "
                    + "standard input");
            System.exit(2);
        }
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        String json = in.readLine();
        if (json == null) {
            new Console(System.err, false).error("a child JVM takes the run on the first line of standard input");
            System.exit(2);
        }
        System.exit(run(RunConfig.fromJson(json), args[0], in, System.out, System.err));
    }

    /** Measures the trial {@code key} of {@code config} as {@code commands} say; returns the exit status. */
    @SuppressWarnings("try") // the signal handlers are installed for the block, never used in it
    static int run(RunConfig config, String key, BufferedReader commands, PrintStream out, PrintStream err)
            throws IOException {
        OpenCv.load();
        Core.setNumThreads(config.execution().cvThreads());
        if (config.execution().maxInFlight().isUnbounded()) {
            offerToTheOomKiller();
        }
        RunControl control = new RunControl();
        control.failFast(config.execution().failFast());
        // Checked at every write as in the parent: the inputs are walked on the first.
        OneWriter temps = new OneWriter(InputGuard.of(config.inputs()));
        // The limit is said once per filter: by the child measuring the filter with the first strategy.
        Console console = new Console(err, config.reporting().quiet());
        boolean first = key.startsWith(config.strategies().get(0).name() + "/");
        Consumer<String> notes = first ? console::info : note -> { };
        try (Workload workload = Workload.of(config, temps, control::interrupted, notes)) {
            return run(workload, key, commands, control, temps, out);
        }
    }

    private static int run(Workload workload, String key, BufferedReader commands, RunControl control, OneWriter temps,
                           PrintStream out) throws IOException {
        Trial trial = workload.trial(key).orElseThrow(() -> new IllegalArgumentException(
                key + " is not among the strategies and filters of the run"));
        crashIfAsked(trial);
        ChildProtocol.Writer writer = new ChildProtocol.Writer(out, control::interrupt);
        try (Interrupts interrupts = Interrupts.forChild(control, temps)) {
            Measurement measurement;
            try (ChildReporter reporter = new ChildReporter(writer)) {
                measurement = serve(workload.row(new Benchmark(control, reporter.failureLog(), reporter), trial,
                        () -> { }), commands, writer, control);
            }
            writer.send(new ChildProtocol.Result(measurement));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            control.interrupt();
        }
        if (control.interrupted()) {
            temps.deleteAll();
        }
        out.flush();
        return control.interrupted() ? Interrupts.EXIT_STATUS : 0;
    }

    /**
     * Takes the row's warm-ups and runs as the parent's commands ask, each answered with whether it
     * takes more, until told to finish, the end of input or an interrupt; then its measurement.
     * The parent sends a command only once the last is answered, so a read waits only between
     * commands, never while an interrupt needs an answer: an interrupted run is answered first, and
     * the parent then tells the child to finish.
     */
    private static Measurement serve(Row row, BufferedReader commands, ChildProtocol.Writer writer, RunControl control)
            throws IOException, InterruptedException {
        for (String command = commands.readLine(); command != null && !control.interrupted();
                command = commands.readLine()) {
            switch (command.strip()) {
                case ChildProtocol.WARM_UP -> row.warmUp();
                case ChildProtocol.RUN -> row.runOnce();
                case ChildProtocol.FINISH -> {
                    return row.finish();
                }
                default -> throw new IllegalArgumentException("unknown command from the parent: " + command);
            }
            writer.send(new ChildProtocol.Ready(row.needsMore()));
        }
        return row.finish();
    }

    /**
     * A child measuring without a limit offers itself first to the kernel's out-of-memory
     * killer (oom_score_adj 1000, which any process may set for itself), so that running out
     * of memory ends this child, a crashed row, rather than the user's other programs.
     */
    private static void offerToTheOomKiller() {
        try {
            OneWriter.setKernelSetting(Path.of("/proc/self/oom_score_adj"), "1000");
        } catch (IOException | UnsupportedOperationException e) {
            // Not Linux: the system chooses as it will.
        }
    }

    private static void crashIfAsked(Trial trial) {
        for (String entry : System.getProperty(CRASH_HOOK, "").split(",")) {
            int eq = entry.lastIndexOf('=');
            if (eq > 0 && entry.substring(0, eq).trim().equals(trial.key())) {
                switch (entry.substring(eq + 1).trim()) {
                    case "halt" -> Runtime.getRuntime().halt(137);
                    case "oom" -> throw new OutOfMemoryError("Java heap space (" + CRASH_HOOK + " for " + trial.key() + ")");
                    default -> throw new IllegalArgumentException(CRASH_HOOK + ": unknown way to crash in '" + entry
                            + "' (halt or oom)");
                }
            }
        }
    }
}
