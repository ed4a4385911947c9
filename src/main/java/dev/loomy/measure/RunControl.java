package dev.loomy.measure;

/**
 * Tells the jobs of a run to stop taking new images: on Ctrl-C, or when one of them hit a
 * fatal error (out of memory) that makes the rest of the run meaningless. Jobs that have
 * started finish; the others are skipped.
 */
public final class RunControl {

    private volatile boolean interrupted;
    private volatile String crash;

    public void interrupt() {
        interrupted = true;
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
}
