package dev.loomy.results;

/**
 * How the images of one run ended.
 *
 * @param done     done without a warning
 * @param warned   done from a damaged but decodable file
 * @param failed   failed
 * @param skipped  never processed: the run was stopped first
 * @param upToDate not processed because their output was already up to date ({@code --incremental})
 */
public record ImageCounts(int done, int warned, int failed, int skipped, int upToDate) {

    public static final ImageCounts NONE = new ImageCounts(0, 0, 0, 0, 0);

    /** How {@code images} ended. */
    public static ImageCounts count(Iterable<ImageTiming> images) {
        int[] counts = new int[ImageTiming.Status.values().length];
        for (ImageTiming t : images) {
            counts[t.status().ordinal()]++;
        }
        return of(counts);
    }

    /** Counts indexed by {@link ImageTiming.Status#ordinal()}. */
    public static ImageCounts of(int[] byStatus) {
        return new ImageCounts(byStatus[ImageTiming.Status.DONE.ordinal()], byStatus[ImageTiming.Status.WARNED.ordinal()],
                byStatus[ImageTiming.Status.FAILED.ordinal()], byStatus[ImageTiming.Status.SKIPPED.ordinal()],
                byStatus[ImageTiming.Status.UP_TO_DATE.ordinal()]);
    }

    /** Every image of the run, however it ended. */
    public int total() {
        return done + warned + failed + skipped + upToDate;
    }
}
