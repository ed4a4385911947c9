package dev.loomy.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;

import org.HdrHistogram.ConcurrentHistogram;

import dev.loomy.contention.Contention;
import dev.loomy.results.ImageCounts;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Latencies;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.results.Timeline;

/**
 * What one run's images did, gathered as each ends, in memory that does not grow with their
 * number: counts, a latency histogram, each lane's last finish, the timeline's sample and the
 * threads that ran them. Image jobs call {@link #ended} from any thread; once they have all ended,
 * {@link #record} makes the {@link RunRecord}.
 */
final class RunRecorder {

    private final long start;
    private final int expected;
    private final Timeline.Sampler sampler;
    private final AtomicIntegerArray counts = new AtomicIntegerArray(ImageTiming.Status.values().length);
    private final ConcurrentHistogram latencies = Latencies.recorder();
    private final AtomicLong maxLatency = new AtomicLong();
    private final Map<String, Long> laneFinishes = new ConcurrentHashMap<>();
    private final AtomicReferenceArray<ImageTiming> points;
    private final Workers workers = new Workers();
    private int created;

    /**
     * @param start     when the run started ({@link System#nanoTime})
     * @param expected  how many images the run expects
     * @param maxPoints the most images its timeline keeps
     */
    RunRecorder(long start, int expected, int maxPoints) {
        this.start = start;
        this.expected = expected;
        this.sampler = Timeline.Sampler.of(expected, maxPoints);
        this.points = new AtomicReferenceArray<>(sampler.slots());
    }

    /** One more job made, with the next index; only the submitting thread calls it. */
    int created() {
        return created++;
    }

    Workers workers() {
        return workers;
    }

    /** Image {@code index} ended so, handed over, started on and finished at these {@link System#nanoTime} instants. */
    void ended(int index, long submittedAt, long startedAt, long completedAt, ImageTiming.Status status, String lane) {
        counts.incrementAndGet(status.ordinal());
        long submitted = submittedAt - start;
        long completed = completedAt - start;
        if (status.ran()) {
            long latency = Math.max(0, completed - submitted);
            latencies.recordValue(latency);
            maxLatency.accumulateAndGet(latency, Math::max);
        }
        if (lane != null) {
            laneFinishes.merge(lane, completed, Math::max);
        }
        int slot = sampler.slot(index);
        if (slot >= 0) {
            points.set(slot, new ImageTiming(index, submitted, Math.min(completed, startedAt - start), completed, status,
                    lane));
        }
    }

    /**
     * The run's record, once every job it handed over has ended at {@code end}. An image whose job
     * was never run, or never made because the run stopped first, counts as skipped.
     *
     * @param exhausted whether every image of the walk was made into a job
     */
    RunRecord record(long end, boolean exhausted, ResourcePeaks peaks, boolean interrupted, Contention contention) {
        int[] byStatus = new int[counts.length()];
        int ended = 0;
        for (int i = 0; i < byStatus.length; i++) {
            byStatus[i] = counts.get(i);
            ended += byStatus[i];
        }
        int images = exhausted ? created : Math.max(created, expected);
        byStatus[ImageTiming.Status.SKIPPED.ordinal()] += Math.max(0, images - ended);
        long wall = end - start;
        List<ImageTiming> timeline = new ArrayList<>();
        for (int slot = 0; slot < points.length(); slot++) {
            int index = sampler.index(slot);
            if (index >= images) {
                break;
            }
            ImageTiming point = points.get(slot);
            timeline.add(point != null ? point : new ImageTiming(index, wall, wall, ImageTiming.Status.SKIPPED, null));
        }
        return new RunRecord(wall, ImageCounts.of(byStatus), Latencies.of(latencies, maxLatency.get()),
                Map.copyOf(laneFinishes), new Timeline(sampler.every(), timeline), peaks, workers.count(),
                interrupted, contention);
    }

    /**
     * The distinct threads that ran images: platform threads by id, in a bit set (one platform thread
     * per image makes a million of them), virtual threads by the few carriers they ran on.
     */
    static final class Workers {

        private final BitSet platform = new BitSet();
        private final Set<String> carriers = ConcurrentHashMap.newKeySet();

        /** Notes the thread running now: a virtual thread by the carrier it is mounted on. */
        void add() {
            Thread thread = Thread.currentThread();
            if (!thread.isVirtual()) {
                synchronized (platform) {
                    platform.set((int) Math.min(Integer.MAX_VALUE, thread.threadId()));
                }
                return;
            }
            // Only its toString names the carrier: "VirtualThread[#30,x]/runnable@ForkJoinPool-1-worker-2".
            String description = thread.toString();
            int at = description.lastIndexOf('@');
            carriers.add(at < 0 ? description : description.substring(at + 1));
        }

        int count() {
            synchronized (platform) {
                return platform.cardinality() + carriers.size();
            }
        }
    }
}
