package dev.loomy.results;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonCreator;

import dev.loomy.contention.Contention;

/**
 * What one run of one strategy over every image measured.
 *
 * @param wallNanos   wall time from the first submission to the last completion
 * @param images      per image, in submission order
 * @param peaks       the most the run held at once
 * @param workers     how many distinct threads ran images: platform threads by identity, virtual
 *                    threads by the carrier they ran on (so at most the carriers in use)
 * @param interrupted whether the run was stopped before every image was processed
 * @param contention  how much other programs, and the JVM's own threads, kept the run from the CPU,
 *                    measured by the JVM that ran it; null where nothing measured it (an engine
 *                    that does not, results saved before it was measured)
 */
public record RunRecord(long wallNanos, List<ImageTiming> images, ResourcePeaks peaks, int workers, boolean interrupted,
                        Contention contention) {

    @JsonCreator
    public RunRecord {
    }

    /** A run whose contention nothing measured. */
    public RunRecord(long wallNanos, List<ImageTiming> images, ResourcePeaks peaks, int workers, boolean interrupted) {
        this(wallNanos, images, peaks, workers, interrupted, null);
    }

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
