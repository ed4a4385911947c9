package dev.loomy.run;

import java.time.Duration;

import dev.loomy.pipeline.Cancellation;


/**
 * Tells the jobs of a run to stop taking new images: on Ctrl-C (or SIGTERM), or when one of
 * them hit a fatal error (out of memory) that makes the rest of the run meaningless. Images
 * not yet started are skipped. After an interrupt, images under way get {@link #GRACE} to
 * finish and are then abandoned at their next step, so that stopping takes seconds, not the
 * rest of the batch; after a crash they are abandoned at once, to give memory back.
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
        return interrupted || crash != null;
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
        return crash != null || (interrupted && System.nanoTime() - interruptedAt >= GRACE.toNanos());
    }
}
