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

    /** WARNED: done, from an image that is damaged but decodable (a JPEG cut short). */
    public enum Status { DONE, WARNED, FAILED, SKIPPED }

    public long latencyNanos() {
        return completedNanos - submittedNanos;
    }
}
