package dev.loomy.engine.spark;

import java.io.Serializable;
import java.util.List;

import dev.loomy.manifest.ManifestRecord;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;

/**
 * What one task sends back: small records, never images.
 *
 * @param partition   the task's partition
 * @param slot        the executor and its task thread that ran it, e.g. "host/1/#57"
 * @param startEpochNanos when its run started, on the executor's clock (nanoseconds since the epoch)
 * @param timings     per image, relative to that start
 * @param failures    one per failed image
 * @param peaks       the most the executor JVM held during the task: threads, heap and resident bytes
 * @param records     the manifest's records of the outputs it put in place, for the driver to append
 */
record BatchResult(int partition, String slot, long startEpochNanos, List<Timing> timings, List<Failure> failures,
                   long[] peaks, boolean rssWindowed, List<ManifestRecord> records) implements Serializable {

    /** An {@link ImageTiming} that travels: {@code index} is the image's place in the whole input list. */
    record Timing(int index, long submittedNanos, long completedNanos, ImageTiming.Status status, String lane)
            implements Serializable {
    }

    /** A failed image, or one processed with a warning (damaged but decodable): which, and why. */
    record Failure(String file, String reason, boolean warning) implements Serializable {
    }

    ResourcePeaks resourcePeaks() {
        return new ResourcePeaks((int) peaks[0], peaks[1], peaks[2], rssWindowed);
    }
}
