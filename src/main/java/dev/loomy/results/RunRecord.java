package dev.loomy.results;

import java.util.List;

/**
 * What one run of one strategy over every image measured.
 *
 * @param wallNanos   wall time from the first submission to the last completion
 * @param images      per image, in submission order
 * @param peaks       the most the run held at once
 * @param workers     how many distinct threads ran images: platform threads by identity, virtual
 *                    threads by the carrier they ran on (so at most the carriers in use)
 * @param interrupted whether the run was stopped before every image was processed
 */
public record RunRecord(long wallNanos, List<ImageTiming> images, ResourcePeaks peaks, int workers, boolean interrupted) {

    public int failed() {
        return count(ImageTiming.Status.FAILED);
    }

    public int skipped() {
        return count(ImageTiming.Status.SKIPPED);
    }

    /** Images done, those with a warning included. */
    public int done() {
        return count(ImageTiming.Status.DONE) + warned();
    }

    /** Images done from a damaged but decodable file. */
    public int warned() {
        return count(ImageTiming.Status.WARNED);
    }

    private int count(ImageTiming.Status status) {
        return (int) images.stream().filter(t -> t.status() == status).count();
    }
}
