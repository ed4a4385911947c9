package dev.loomy.results;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.annotation.JsonCreator;

import dev.loomy.contention.Contention;

/**
 * What one run of one strategy over every image measured. Its size does not depend on the
 * number of images: latencies are a histogram, the timeline a bounded sample.
 *
 * @param wallNanos   wall time from the first submission to the last completion
 * @param counts      how its images ended
 * @param latencies   each processed image's latency, submission to completion (skipped images never ran)
 * @param laneFinishNanos per lane, when its last image finished, in nanoseconds from the run's start
 *                    (virtual-priority's halves; empty for most strategies)
 * @param timeline    the images its timeline shows
 * @param peaks       the most the run held at once
 * @param workers     how many distinct threads ran images: platform threads by identity, virtual
 *                    threads by the carrier they ran on (so at most the carriers in use)
 * @param interrupted whether the run was stopped before every image was processed
 * @param contention  how much other programs, and the JVM's own threads, kept the run from the CPU,
 *                    measured by the JVM that ran it; null where nothing measured it (an engine
 *                    that does not, results saved before it was measured)
 */
public record RunRecord(long wallNanos, ImageCounts counts, Latencies latencies, Map<String, Long> laneFinishNanos,
                        Timeline timeline, ResourcePeaks peaks, int workers, boolean interrupted,
                        Contention contention) {

    @JsonCreator
    public RunRecord {
        counts = counts == null ? ImageCounts.NONE : counts;
        latencies = latencies == null ? Latencies.NONE : latencies;
        // By lane name, so that every rendering lists the lanes in one order: Map.copyOf's order changes from JVM to JVM.
        laneFinishNanos = laneFinishNanos == null ? Map.of() : Collections.unmodifiableMap(new TreeMap<>(laneFinishNanos));
        timeline = timeline == null ? Timeline.NONE : timeline;
    }

    /** A run whose every image's timing is at hand (a small batch, a test): each one on the timeline. */
    public RunRecord(long wallNanos, List<ImageTiming> images, ResourcePeaks peaks, int workers, boolean interrupted,
                     Contention contention) {
        this(wallNanos, ImageCounts.count(images), Latencies.of(images.stream()
                .filter(t -> t.status().ran()).mapToLong(ImageTiming::latencyNanos).toArray()),
                laneFinishes(images), new Timeline(1, images), peaks, workers, interrupted, contention);
    }

    /** Such a run, whose contention nothing measured. */
    public RunRecord(long wallNanos, List<ImageTiming> images, ResourcePeaks peaks, int workers, boolean interrupted) {
        this(wallNanos, images, peaks, workers, interrupted, null);
    }

    private static Map<String, Long> laneFinishes(List<ImageTiming> images) {
        Map<String, Long> last = new TreeMap<>();
        for (ImageTiming t : images) {
            if (t.lane() != null) {
                last.merge(t.lane(), t.completedNanos(), Math::max);
            }
        }
        return last;
    }

    public int failed() {
        return counts.failed();
    }

    public int skipped() {
        return counts.skipped();
    }

    /** Images done, those with a warning included. */
    public int done() {
        return counts.done() + counts.warned();
    }

    /** Images done from a damaged but decodable file. */
    public int warned() {
        return counts.warned();
    }

    /** Images not processed because their output was up to date ({@code --incremental}). */
    public int upToDate() {
        return counts.upToDate();
    }
}
