package dev.loomy.run;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.loomy.console.Console;
import dev.loomy.imageio.OneWriter;
import sun.misc.Signal;
import sun.misc.SignalHandler;

/**
 * Ctrl-C (SIGINT), SIGTERM and SIGHUP while loomy runs; all three mean the same.
 *
 * <p>The first calls {@link RunControl#interrupt()}, the one way a run is stopped: no new
 * image starts, the ones under way finish or, after {@link RunControl#GRACE}, are dropped,
 * and the main thread, once every strategy thread is joined (or, when forking, once the child
 * has reported its partial measurement), prints the partial results and exits 130. The
 * second exits at once with 130: child JVMs are killed, this run's temporary files deleted.
 * So does the first when loomy has not ended {@link #DEADLINE} after it (an image stuck in one
 * long OpenCV call, which nothing can cut short): a stop never takes more than 3 seconds.
 *
 * <p>In a child JVM every signal only stops its run: the parent sends SIGTERM when the user
 * presses Ctrl-C, and the terminal sends the child the same SIGINT; the parent decides when
 * a child that takes too long is killed.
 *
 * <p>Signal handlers rather than a shutdown hook: by the time a hook runs the JVM is already
 * exiting, with a status it chose (130 for INT, 143 for TERM), while the strategy's threads
 * are still working, so neither the partial results nor the status could be had in order.
 * A shutdown hook still deletes the temporary files on any other way out (SIGQUIT, say).
 */
public final class Interrupts implements AutoCloseable {

    /** The exit status after an interrupt: 128 + SIGINT, as shells report it. */
    public static final int EXIT_STATUS = 130;

    /** Set by run.sh on the JVM it starts: see {@link #saidStatus}. */
    static final String LAUNCHED = "loomy.launched";
    /** What run.sh takes for 130 with loomy's own line said: no signal's status, nor any other of loomy's. */
    static final int SAID_UNDER_LAUNCHER = 120;
    /** Set by the first signal outside runs: the JVM is exiting. */
    private static final AtomicBoolean STOPPING = new AtomicBoolean();

    /** Ctrl-C, kill's default, and a terminal closed (or a session ended): each stops a run the same way. */
    private static final String[] SIGNALS = {"INT", "TERM", "HUP"};

    /**
     * How long after the first signal loomy may take to print its partial results and exit
     * before it stops at once: within the 3 seconds promised, with room for the exit itself.
     */
    static final Duration DEADLINE = Duration.ofMillis(2500);

    /**
     * How long the writes under way, and each child JVM killed, may take to end before their files
     * are deleted: after the deadline, and after a second signal, which may come just before it.
     */
    private static final Duration LAST_WRITES = Duration.ofMillis(300);

    /**
     * A signal of the same name this soon after the first is the same one, come twice: Ctrl-C
     * reaches every process of the terminal's group, so loomy gets it both from the terminal and
     * passed on by run.sh, which runs it as a child. Pressing Ctrl-C again takes longer than this.
     */
    static final Duration ECHO = Duration.ofMillis(200);

    private final RunControl control;
    private final OneWriter temps;
    private final Path outputs;
    private final Console console;
    private final boolean child;
    private final Map<Signal, SignalHandler> previous = new LinkedHashMap<>();
    private final Thread hook;
    private int received;
    private String firstName;
    private long firstNanos;
    private Thread watchdog;

    private Interrupts(RunControl control, OneWriter temps, Path outputs, Console console, boolean child) {
        this.control = control;
        this.temps = temps;
        this.outputs = outputs;
        this.console = console;
        this.child = child;
        this.hook = new Thread(temps::deleteAll, "loomy-delete-temporary-files");
    }

    /**
     * For the JVM the user started, until closed.
     *
     * @param outputs the output folder, swept for temporary files that killed children left; null when none
     */
    public static Interrupts forRun(RunControl control, OneWriter temps, Path outputs, Console console) {
        return new Interrupts(control, temps, outputs, console, false).install();
    }

    /** For a child JVM measuring one trial for its parent: every signal only stops the run. */
    public static Interrupts forChild(RunControl control, OneWriter temps) {
        return new Interrupts(control, temps, null, null, true).install();
    }

    /**
     * Until a run installs its own handlers, and after: INT, TERM or HUP ends loomy with
     * {@value #EXIT_STATUS} and one line, whatever it is doing (reading options, walking the
     * inputs, a command that measures nothing). {@code System.exit}, so that the shutdown hooks
     * delete the temporary files written so far. Installed first thing in {@code main}.
     */
    public static void outsideRuns(Console console) {
        for (String name : SIGNALS) {
            try {
                Signal.handle(new Signal(name), signal -> {
                    // Ctrl-C reaches loomy twice under run.sh (from the terminal, and passed on): one line.
                    if (!STOPPING.compareAndSet(false, true) || shuttingDown()) {
                        return;
                    }
                    console.error("interrupted (SIG" + signal.getName() + "): stopped");
                    console.stream().flush();
                    System.exit(saidStatus(EXIT_STATUS));
                });
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal for itself (-Xrs) or the OS has none.
            }
        }
    }

    /**
     * The status the JVM ends with, once loomy has said why it stopped: {@code status}, except that
     * under run.sh (which sets {@value #LAUNCHED}) 130 is {@value #SAID_UNDER_LAUNCHER}, which run.sh
     * makes 130 again. A JVM stopped before loomy's handlers ends with 130 too, having said nothing:
     * so run.sh knows which of the two it is, and says the one line in the second case only.
     */
    public static int saidStatus(int status) {
        return status == EXIT_STATUS && Boolean.getBoolean(LAUNCHED) ? SAID_UNDER_LAUNCHER : status;
    }

    /**
     * Whether the JVM is already exiting: the JDK's own handler took a signal just before loomy's, and
     * its status, not loomy's, is the one the JVM ends with (run.sh then says the line).
     */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { });
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    private Interrupts install() {
        for (String name : SIGNALS) {
            try {
                Signal signal = new Signal(name);
                previous.put(signal, Signal.handle(signal, this::received));
            } catch (IllegalArgumentException e) {
                // The JVM keeps this signal for itself (-Xrs) or the OS has none: it stops loomy the JVM's way.
            }
        }
        try {
            Runtime.getRuntime().addShutdownHook(hook);
        } catch (IllegalStateException e) {
            // A signal just before this run began is ending loomy (outsideRuns): nothing of the run is written yet.
        }
        return this;
    }

    /** Runs on the JVM's signal thread. */
    private synchronized void received(Signal signal) {
        long now = System.nanoTime();
        if (received > 0 && signal.getName().equals(firstName) && now - firstNanos < ECHO.toNanos()) {
            return;
        }
        if (received == 0) {
            firstName = signal.getName();
            firstNanos = now;
        }
        received++;
        if (received == 1 || child) {
            control.interrupt();
            if (received == 1 && !child) {
                console.info("interrupted (SIG" + signal.getName() + "): no new images; the ones under way get "
                        + RunControl.GRACE.toSeconds() + " s to finish; interrupt again to stop at once");
            }
            if (received == 1 && !child) {
                watchdog = Thread.ofPlatform().daemon().name("loomy-stop-deadline").start(this::awaitDeadline);
            }
            return;
        }
        stopAtOnce("SIG" + signal.getName() + " again", LAST_WRITES);
    }

    /** Stops at once when the run has not ended by the deadline; closing this interrupts the wait. */
    private void awaitDeadline() {
        try {
            Thread.sleep(DEADLINE);
        } catch (InterruptedException e) {
            return;
        }
        synchronized (this) {
            stopAtOnce("not ended " + DEADLINE.toMillis() + " ms after the interrupt", LAST_WRITES);
        }
    }

    private void stopAtOnce(String why, Duration patience) {
        stopChildren(patience);
        int deleted = temps.closeAndDeleteAll(patience) + (outputs == null ? 0 : OneWriter.sweepWithThisRun(outputs));
        console.error("stopped at once (" + why + ")"
                + (deleted > 0 ? ", " + deleted + " temporary file" + (deleted == 1 ? "" : "s") + " deleted" : ""));
        console.stream().flush();
        System.out.flush();
        Runtime.getRuntime().halt(saidStatus(EXIT_STATUS));
    }

    /** Kills the child JVMs measuring for this one, and waits briefly until they are gone. */
    private static void stopChildren(Duration patience) {
        ProcessHandle.current().children().forEach(child -> {
            child.destroyForcibly();
            try {
                child.onExit().get(patience.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } catch (ExecutionException | TimeoutException e) {
                // Killed with SIGKILL: it is going; the sweep may miss a file it was writing.
            }
        });
    }

    @Override
    public void close() {
        synchronized (this) {
            if (watchdog != null) {
                watchdog.interrupt();
            }
        }
        previous.forEach(Signal::handle);
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // The JVM is already shutting down: the hook runs.
        }
    }
}
