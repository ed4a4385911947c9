package dev.loomy.strategy;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.admission.Admissions;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageReader;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;

/**
 * The virtual strategy's submission window, full, against the young generation {@code run.sh} gives
 * the JVM. The serial collector collects its old generation only when that cannot grow any more, so
 * what the window holds must fit in the survivor space (up to the share the collector fills before
 * it promotes): else every young collection promotes part of it, and the heap grows with the length
 * of the run (a million images held 120 MB of such garbage with survivors of 6 MB, kept half full).
 */
class SubmissionWindowHeapTest {

    private static final Pattern NEW_SIZE = Pattern.compile("-XX:NewSize=(\\d+)m");
    private static final Pattern SURVIVOR_RATIO = Pattern.compile("-XX:SurvivorRatio=(\\d+)");
    private static final Pattern TARGET_SURVIVOR_RATIO = Pattern.compile("-XX:TargetSurvivorRatio=(\\d+)");

    @TempDir
    Path dir;

    @Test
    @Slow
    void aFullWindowOfImagesWaitingForAdmissionFitsInRunShsSurvivorSpace() throws Exception {
        long survivors = survivorTarget(Files.readString(Path.of("run.sh")));
        Path image = TestImages.write(dir.resolve("a.png"), 8, 8, 1);
        int window = SubmissionWindow.size(2);
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Filter holding = holding(entered, release);
        // One image in flight at a time: the first holds its place in the filter, the rest of the
        // window waits for admission, as images wait for a slow filter's.
        ImagePipeline pipeline = new ImagePipeline(new ImageReader(), holding,
                null, new Admissions(InFlightLimit.parse("1"), List.of(new ImageFile(image, image.getFileName())), 2,
                        () -> false, note -> { }).of(holding));
        AtomicInteger started = new AtomicInteger();
        int images = window + 100;
        ImageJobs jobs = new ImageJobs() {
            private int made;

            @Override
            public int expected() {
                return images;
            }

            @Override
            public ImageJob next() {
                // A path of its own for each image, as the walk gives.
                return made++ < images ? new Job(dir.resolve("a.png"), pipeline, started) : null;
            }
        };
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long before = liveHeap(memory);
        Thread run = Thread.ofPlatform().start(() -> {
            try {
                new VirtualStrategy().run(jobs, 2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        try {
            assertThat(entered.await(30, TimeUnit.SECONDS)).isTrue();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (started.get() < window && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(started.get()).isEqualTo(window);
            // Each one started parks a moment after it is counted.
            Thread.sleep(500);
            long held = liveHeap(memory) - before;
            assertThat(held).as("heap the full window holds (%d images), against run.sh's survivor space",
                    window).isLessThanOrEqualTo(survivors);
        } finally {
            release.countDown();
            run.join(TimeUnit.SECONDS.toMillis(60));
        }
        assertThat(started.get()).isEqualTo(images);
    }

    /** The bytes of a survivor space the collector fills before it promotes, from run.sh's JVM options. */
    static long survivorTarget(String runSh) {
        long young = Long.parseLong(value(NEW_SIZE, runSh, null)) << 20;
        int ratio = Integer.parseInt(value(SURVIVOR_RATIO, runSh, "8"));
        int target = Integer.parseInt(value(TARGET_SURVIVOR_RATIO, runSh, "50"));
        return young / (ratio + 2) * target / 100;
    }

    @Test
    void readsTheSurvivorTargetFromTheOptions() {
        assertThat(survivorTarget("java_opts+=(-XX:NewSize=24m -XX:MaxNewSize=64m -XX:SurvivorRatio=2)"))
                .isEqualTo((6L << 20) / 2);
        assertThat(survivorTarget("-XX:NewSize=64m -XX:SurvivorRatio=2 -XX:TargetSurvivorRatio=90"))
                .isEqualTo((16L << 20) * 90 / 100);
    }

    private static String value(Pattern option, String text, String otherwise) {
        Matcher matcher = option.matcher(text);
        String found = null;
        while (matcher.find()) {
            found = matcher.group(1);
        }
        if (found == null && otherwise == null) {
            throw new AssertionError("run.sh sets no " + option.pattern());
        }
        return found != null ? found : otherwise;
    }

    private static long liveHeap(MemoryMXBean memory) {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return memory.getHeapMemoryUsage().getUsed();
    }

    /** A filter that holds the first image until {@code release}; the others pass. */
    private static Filter holding(CountDownLatch entered, CountDownLatch release) {
        return new Filter() {
            @Override
            public String name() {
                return "Holding";
            }

            @Override
            public String kind() {
                return "Holding";
            }

            @Override
            public Mat apply(Mat image) {
                entered.countDown();
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return image.clone();
            }

            @Override
            public Map<String, Number> parameters() {
                return Map.of();
            }
        };
    }

    /** An image job as the run makes one: its image, and the pipeline it goes through. */
    private static final class Job implements ImageJob {

        private final ImagePaths image;
        private final ImagePipeline pipeline;
        private final AtomicInteger started;
        private volatile long submittedAt;

        Job(Path file, ImagePipeline pipeline, AtomicInteger started) {
            this.image = new ImagePaths(new ImageFile(file, file.getFileName()), null);
            this.pipeline = pipeline;
            this.started = started;
        }

        @Override
        public ImageJob submitted() {
            submittedAt = System.nanoTime();
            return this;
        }

        @Override
        public ImageJob submitted(String lane) {
            return submitted();
        }

        @Override
        public boolean stopping() {
            return false;
        }

        @Override
        public void run() {
            started.incrementAndGet();
            try {
                pipeline.process(image);
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
