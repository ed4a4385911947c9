package dev.loomy.run;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import dev.loomy.pipeline.Cancellation;

/**
 * Tells the jobs of a run to stop taking new images: on Ctrl-C (or SIGTERM), when one of
 * them hit a fatal error (out of memory) that makes the rest of the run meaningless, or, with
 * {@code --fail-fast}, at the first image that fails. Images not yet started are skipped.
 * After an interrupt, images under way get {@link #GRACE} to finish and are then abandoned at
 * their next step, so that stopping takes seconds, not the rest of the batch; after a crash
 * they are abandoned at once, to give memory back; after a first failure they are abandoned at
 * once too, and the threads working on them interrupted, so that a wait (storage, admission)
 * ends now.
 */
public final class RunControl implements Cancellation {

    /**
     * How long images under way may go on after an interrupt: short, since loomy promises to
     * stop within 3 seconds, and an image abandoned at its next step may still be in one.
     */
    public static final Duration GRACE = Duration.ofSeconds(1);

    private volatile boolean interrupted;
    private volatile long interruptedAt;
    private volatile String crash;
    private volatile boolean failFast;
    private final AtomicReference<String> firstFailure = new AtomicReference<>();
    /** The threads working on an image, that a first failure interrupts. */
    private final Set<Thread> working = new HashSet<>();
    private final AtomicInteger cancelled = new AtomicInteger();
    private volatile long failedAt;
    private volatile boolean limited;
    private volatile long endBy;

    public void interrupt() {
        if (!interrupted) {
            interruptedAt = System.nanoTime();
            interrupted = true;
        }
    }

    public void crash(String reason) {
        if (crash == null) {
            crash = reason;
        }
    }

    public boolean stopping() {
        return interrupted || crash != null || firstFailure.get() != null || pastEnd();
    }

    /** Whether no other run may start: after an interrupt, a first failure under {@code --fail-fast}, or its end. */
    public boolean ended() {
        return interrupted || firstFailure.get() != null || pastEnd();
    }

    /**
     * A run that must be over by {@code deadline} ({@link System#nanoTime}), a warm-up that must stay short: past
     * it, nothing new starts and the images under way are abandoned at their next step. Not an interrupt: a
     * signal is still told apart by {@link #interrupted()}.
     */
    public void endBy(long deadline) {
        endBy = deadline;
        limited = true;
    }

    private boolean pastEnd() {
        return limited && System.nanoTime() - endBy >= 0;
    }

    /** Whether the first image that fails stops the run ({@code --fail-fast}). */
    public void failFast(boolean on) {
        failFast = on;
    }

    public boolean failsFast() {
        return failFast;
    }

    /**
     * An image failed ({@code FILE: reason}). With {@code --fail-fast}, the first failure stops the
     * run and interrupts the threads {@linkplain #working() working} on other images.
     *
     * @return whether this failure is the one that stopped the run
     */
    public boolean failed(String failure) {
        if (!failFast || !firstFailure.compareAndSet(null, failure)) {
            return false;
        }
        failedAt = System.nanoTime();
        synchronized (working) {
            for (Thread thread : working) {
                if (thread != Thread.currentThread()) {
                    thread.interrupt();
                }
            }
        }
        return true;
    }

    /** The failure that stopped the run under {@code --fail-fast}, or null. */
    public String firstFailure() {
        return firstFailure.get();
    }

    /** When the first failure stopped the run ({@link System#nanoTime}); 0 before. */
    public long firstFailureAt() {
        return failedAt;
    }

    /** The current thread works on an image until {@link #rested()}: a first failure interrupts it. */
    public void working() {
        synchronized (working) {
            working.add(Thread.currentThread());
        }
    }

    /**
     * The current thread's image has ended. An interrupt meant for it is cleared, so that it reaches
     * neither a pool thread's next task nor the loop strategy's caller.
     */
    public void rested() {
        synchronized (working) {
            working.remove(Thread.currentThread());
        }
        if (firstFailure.get() != null) {
            Thread.interrupted();
        }
    }

    /** An image under way when the run stopped at its first failure was abandoned. */
    public void cancelledInFlight() {
        cancelled.incrementAndGet();
    }

    /** How many images under way a first failure abandoned. */
    public int cancelledCount() {
        return cancelled.get();
    }

    public boolean interrupted() {
        return interrupted;
    }

    /** Why the run crashed, or null. */
    public String crashReason() {
        return crash;
    }

    /** Clears a crash before the next measurement (an interrupt stays). */
    public void clearCrash() {
        crash = null;
    }

    @Override
    public boolean skipNew() {
        return stopping();
    }

    @Override
    public boolean abandonStarted() {
        return crash != null || firstFailure.get() != null || pastEnd() || (interrupted && System.nanoTime() - interruptedAt >= GRACE.toNanos());
    }
}
