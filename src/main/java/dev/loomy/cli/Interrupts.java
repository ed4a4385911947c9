package dev.loomy.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.loomy.measure.RunControl;
import dev.loomy.pipeline.TempFiles;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM while loomy runs; both mean the same.
 *
 * <p>The first calls {@link RunControl#interrupt()}, the one way a run is stopped: no new
 * image starts, the ones under way finish or, after {@link RunControl#GRACE}, are dropped,
 * and the main thread, once every strategy thread is joined, prints the partial results and
 * exits 130. The second exits at once with 130, after deleting the temporary files.
 *
 * <p>Signal handlers rather than a shutdown hook: by the time a hook runs the JVM is already
 * exiting, with a status it chose (130 for INT, 143 for TERM), while the strategy's threads
 * are still working, so neither the partial results nor the status could be had in order.
 * A shutdown hook still deletes the temporary files on any other way out (SIGHUP, say).
 */
public final class Interrupts implements AutoCloseable {

    private static final Duration WRITE_PATIENCE = Duration.ofSeconds(2);

    private final RunControl control;
    private final TempFiles temps;
    private final PrintStream err;
    private final boolean quiet;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final Thread hook;
    private int received;

    private Interrupts(RunControl control, TempFiles temps, PrintStream err, boolean quiet) {
        this.control = control;
        this.temps = temps;
        this.err = err;
        this.quiet = quiet;
        this.hook = new Thread(temps::deleteAll, "loomy-delete-temporary-files");
    }

    /** Handles INT and TERM until closed; then the handlers that were there before are back. */
    public static Interrupts install(RunControl control, TempFiles temps, PrintStream err, boolean quiet) {
        Interrupts interrupts = new Interrupts(control, temps, err, quiet);
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal signal = new Signal(name);
                interrupts.previous.put(signal, Signal.handle(signal, interrupts::received));
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal for itself (-Xrs) or the OS has none: it stops loomy the JVM's way.
            }
        }
        Runtime.getRuntime().addShutdownHook(interrupts.hook);
        return interrupts;
    }

    /** Runs on the JVM's signal thread. */
    private synchronized void received(Signal signal) {
        received++;
        if (received == 1) {
            control.interrupt();
            if (!quiet) {
                err.println("loomy: interrupted (SIG" + signal.getName() + "): no new images; the ones under way get "
                        + RunControl.GRACE.toSeconds() + " s to finish; interrupt again to stop at once");
            }
            return;
        }
        int deleted = temps.closeAndDeleteAll(WRITE_PATIENCE);
        err.println("loomy: stopped at once (SIG" + signal.getName() + " again)"
                + (deleted > 0 ? ", " + deleted + " temporary file" + (deleted == 1 ? "" : "s") + " deleted" : ""));
        err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(ExitCodes.INTERRUPTED);
    }

    @Override
    public void close() {
        previous.forEach(Signal::handle);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook runs.
        }
    }
}
