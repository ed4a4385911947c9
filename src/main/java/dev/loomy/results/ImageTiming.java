package dev.loomy.results;

/**
 * When one image was handed over, when a thread started on it and when it was done, in
 * nanoseconds from the start of its run.
 *
 * @param index     its position in the sorted input list (its submission order)
 * @param startedNanos when its work began, after any wait for a thread; its submission where that is not known
 * @param lane      the group its strategy put it in, or null (virtual-priority's halves)
 * @param status    how it ended
 */
public record ImageTiming(int index, long submittedNanos, long startedNanos, long completedNanos, Status status,
                          String lane) {

    /** An image whose start of work is not known: counted from its submission, as if it never waited. */
    public ImageTiming(int index, long submittedNanos, long completedNanos, Status status, String lane) {
        this(index, submittedNanos, submittedNanos, completedNanos, status, lane);
    }

    /**
     * WARNED: done, from an image that is damaged but decodable (a JPEG cut short); SKIPPED: never
     * processed, the run being stopped; UP_TO_DATE: not processed, its output being up to date
     * ({@code --incremental}).
     */
    public enum Status {
        DONE, WARNED, FAILED, SKIPPED, UP_TO_DATE;

        /** Whether the image went through the pipeline, done or failed: it has a latency. */
        public boolean ran() {
            return this == DONE || this == WARNED || this == FAILED;
        }
    }

    /** From its submission to its end: its wait for a thread included. */
    public long latencyNanos() {
        return completedNanos - submittedNanos;
    }

    /** From the start of its work to its end (its service time): its wait for a thread left out. */
    public long serviceNanos() {
        return completedNanos - startedNanos;
    }
}
