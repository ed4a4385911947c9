package dev.loomy.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.loomy.imageio.TempFiles;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT) and SIGTERM while loomy runs; both mean the same.
 *
 * <p>The first calls {@link RunControl#interrupt()}, the one way a run is stopped: no new
 * image starts, the ones under way finish or, after {@link RunControl#GRACE}, are dropped,
 * and the main thread, once every strategy thread is joined (or, when forking, once the child
 * has reported its partial measurement), prints the partial results and exits 130. The
 * second exits at once with 130: child JVMs are killed, temporary files deleted.
 *
 * <p>In a child JVM every signal only stops its run: the parent sends SIGTERM when the user
 * presses Ctrl-C, and the terminal sends the child the same SIGINT; the parent decides when
 * a child that takes too long is killed.
 *
 * <p>Signal handlers rather than a shutdown hook: by the time a hook runs the JVM is already
 * exiting, with a status it chose (130 for INT, 143 for TERM), while the strategy's threads
 * are still working, so neither the partial results nor the status could be had in order.
 * A shutdown hook still deletes the temporary files on any other way out (SIGHUP, say).
 */
public final class Interrupts implements AutoCloseable {

    /** The exit status after an interrupt: 128 + SIGINT, as shells report it. */
    public static final int EXIT_STATUS = 130;

    private static final Duration PATIENCE = Duration.ofSeconds(2);

    private final RunControl control;
    private final TempFiles temps;
    private final Path outputs;
    private final PrintStream err;
    private final boolean quiet;
    private final boolean child;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final Thread hook;
    private int received;

    private Interrupts(RunControl control, TempFiles temps, Path outputs, PrintStream err, boolean quiet, boolean child) {
        this.control = control;
        this.temps = temps;
        this.outputs = outputs;
        this.err = err;
        this.quiet = quiet;
        this.child = child;
        this.hook = new Thread(temps::deleteAll, "loomy-delete-temporary-files");
    }

    /**
     * For the JVM the user started, until closed.
     *
     * @param outputs the output folder, swept for temporary files that killed children left; null when none
     */
    public static Interrupts forRun(RunControl control, TempFiles temps, Path outputs, PrintStream err, boolean quiet) {
        return new Interrupts(control, temps, outputs, err, quiet, false).install();
    }

    /** For a child JVM measuring one trial for its parent: every signal only stops the run. */
    public static Interrupts forChild(RunControl control, TempFiles temps) {
        return new Interrupts(control, temps, null, null, true, true).install();
    }

    private Interrupts install() {
        for (String name : new String[] {"INT", "TERM"}) {
            try {
                Signal signal = new Signal(name);
                previous.put(signal, Signal.handle(signal, this::received));
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal for itself (-Xrs) or the OS has none: it stops loomy the JVM's way.
            }
        }
        Runtime.getRuntime().addShutdownHook(hook);
        return this;
    }

    /** Runs on the JVM's signal thread. */
    private synchronized void received(Signal signal) {
        received++;
        if (received == 1 || child) {
            control.interrupt();
            if (received == 1 && !quiet) {
                err.println("loomy: interrupted (SIG" + signal.getName() + "): no new images; the ones under way get "
                        + RunControl.GRACE.toSeconds() + " s to finish; interrupt again to stop at once");
            }
            return;
        }
        stopChildren();
        int deleted = temps.closeAndDeleteAll(PATIENCE) + (outputs == null ? 0 : TempFiles.sweep(outputs));
        err.println("loomy: stopped at once (SIG" + signal.getName() + " again)"
                + (deleted > 0 ? ", " + deleted + " temporary file" + (deleted == 1 ? "" : "s") + " deleted" : ""));
        err.flush();
        System.out.flush();
        Runtime.getRuntime().halt(EXIT_STATUS);
    }

    /** Kills the child JVMs measuring for this one, and waits briefly until they are gone. */
    private static void stopChildren() {
        ProcessHandle.current().children().forEach(child -> {
            child.destroyForcibly();
            try {
                child.onExit().get(PATIENCE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // Killed with SIGKILL: it is going; the sweep may miss a file it was writing.
            }
        });
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
