package dev.loomy.results;

/**
 * When one image was handed over and when it was done, in nanoseconds from the start of
 * its run.
 *
 * @param index     its position in the sorted input list (its submission order)
 * @param lane      the group its strategy put it in, or null (virtual-priority's halves)
 * @param status    how it ended
 */
public record ImageTiming(int index, long submittedNanos, long completedNanos, Status status, String lane) {

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

    public long latencyNanos() {
        return completedNanos - submittedNanos;
    }
}
