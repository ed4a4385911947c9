package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.admission.ImageCost;
import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Filter;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageHeader;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.StartedProcesses;

/**
 * The memory budget, measured on loomy in a JVM of its own started as run.sh starts it: peak
 * resident memory (the kernel's VmHWM) at most the same run's over one small image, plus the
 * young generation, plus {@link #SLACK} times the estimate of the images in flight at once. Each case failed before:
 * large files' bytes went through the Java heap, which grew toward its maximum; a 70000x1
 * image took 3.9 GB in ALTMRetinex; a 30000x30000 JPEG header was decoded.
 */
@Slow
class MemoryBoundTest {

    /** Room over the estimate for the allocator's rounding and the encoder's growing buffer. */
    private static final double SLACK = 1.5;

    /**
     * run.sh's young generation: a run over one small image touches only part of it, a longer
     * run all of it (the chunks the files go through are collected there).
     */
    private static final long YOUNG_GENERATION = 64L << 20;

    /** run.sh's JVM options and allocator settings, which the budget is stated for. */
    private static final List<String> RUN_SH_JVM = List.of("-XX:+UseSerialGC", "-XX:NewSize=48m", "-XX:MaxNewSize=64m",
            "-XX:SurvivorRatio=2", "-XX:TargetSurvivorRatio=90", "-Xms64m");
    private static final Map<String, String> RUN_SH_ENV = Map.of("MALLOC_ARENA_MAX", "2",
            "GLIBC_TUNABLES", "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296");

    @TempDir
    Path dir;

    /** Each loomy started, ended after the test. */
    @RegisterExtension
    final StartedProcesses started = new StartedProcesses();

    private LoomyProcess start(String... args) throws java.io.IOException {
        return start(RUN_SH_JVM, args);
    }

    private LoomyProcess start(List<String> jvmOptions, String... args) throws java.io.IOException {
        LoomyProcess loomy = LoomyProcess.start(dir, RUN_SH_ENV, jvmOptions, args);
        started.add(loomy.process());
        return loomy;
    }

    /** loomy's peak resident memory over {@code args}, which must succeed, in bytes. */
    private long peakRss(String... args) throws Exception {
        LoomyProcess loomy = start(args);
        Path status = Path.of("/proc", Long.toString(loomy.process().pid()), "status");
        long peak = 0;
        // The high-water mark only grows: the last reading before the exit is the peak, bar the exit itself.
        while (!loomy.process().waitFor(20, TimeUnit.MILLISECONDS)) {
            try {
                peak = Math.max(peak, Files.readAllLines(status).stream().filter(l -> l.startsWith("VmHWM:"))
                        .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")) * 1024).findFirst().orElse(0));
            } catch (java.io.IOException e) {
                // Gone between the wait and the read.
            }
        }
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        return peak;
    }

    /** The budget for {@code filter} over {@code image}, one image in flight, on top of a run over one small image. */
    private void assertWithinBudget(Path image, int width, int height, Filter filter, long peak) throws Exception {
        Path small = TestImages.write(dir.resolve("small/a.png"), 64, 48, 1);
        long base = peakRss("-s", "loop", "-f", filter.name(), "--max-in-flight=1", "-o", dir.resolve("out-small").toString(),
                small.getParent().toString());
        // Native memory and the filter's Java arrays: both are resident while it runs.
        long estimate = ImageCost.of(new ImageHeader(Files.size(image), width, height), filter).nativeBytes()
                + filter.workingHeapBytes(width, height);
        assertThat(peak).as("peak RSS (MiB) against a base of %d MiB and an estimate of %d MiB", base >> 20, estimate >> 20)
                .isLessThanOrEqualTo(base + YOUNG_GENERATION + (long) (SLACK * estimate));
    }

    @Test
    @Timeout(120)
    void largeFilesOneInFlightStayWithinTheBudget() throws Exception {
        // Noise does not compress: a 35 MB PNG, larger than the eden of run.sh's young generation, copied 8 times.
        Path folder = Files.createDirectories(dir.resolve("large"));
        Path first = folder.resolve("p0.png");
        Mat noise = new Mat(3400, 3400, CvType.CV_8UC3);
        Core.randu(noise, 0, 256);
        assertThat(Imgcodecs.imwrite(first.toString(), noise)).isTrue();
        noise.release();
        // Larger than the eden of run.sh's young generation (half of it, with -XX:SurvivorRatio=2): such
        // arrays go straight to the old generation.
        assertThat(Files.size(first)).isGreaterThan(YOUNG_GENERATION / 2);
        for (int i = 1; i < 8; i++) {
            Files.copy(first, folder.resolve("p" + i + ".png"));
        }

        long peak = peakRss("-s", "loop", "-f", "NoOp", "--max-in-flight=1", "-o", dir.resolve("out").toString(),
                folder.toString());

        assertWithinBudget(first, 3000, 3000, new NoOp(), peak);
    }

    @Test
    @Timeout(120)
    void aLineOf70000PixelsStaysWithinTheBudgetInAltmRetinex() throws Exception {
        Path line = TestImages.write(dir.resolve("line/line.png"), 70_000, 1, 3);

        long peak = peakRss("-s", "loop", "-f", "ALTMRetinex", "--max-in-flight=1", "-o", dir.resolve("out").toString(),
                line.getParent().toString());

        assertWithinBudget(line, 70_000, 1, new AltmRetinex(), peak);
    }

    @Test
    @Timeout(60)
    void anImageWhoseFilterNeedsMoreJavaHeapThanThereIsIsRefusedAndTheRunGoesOn() throws Exception {
        // ALTMRetinex's guided filter holds 2000 rows of row sums of a 4000x3000 image on the heap (367 MiB): admitted
        // against native memory alone, it ended the whole run with an OutOfMemoryError (exit 3).
        Path folder = Files.createDirectories(dir.resolve("in"));
        Path large = TestImages.write(folder.resolve("large.png"), 4000, 3000, 5);
        TestImages.write(folder.resolve("small.png"), 64, 48, 4);
        List<String> jvm = new java.util.ArrayList<>(RUN_SH_JVM);
        jvm.add("-Xmx256m");

        LoomyProcess loomy = start(jvm, "-s", "loop", "-f", "ALTMRetinex", "--param=r=2000", "-o",
                dir.resolve("out").toString(), folder.toString());

        assertThat(loomy.process().waitFor(50, TimeUnit.SECONDS)).as("ended within 50 s").isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(loomy.stderr().lines().filter(l -> l.contains("large.png")).toList()).singleElement().asString()
                .startsWith("loomy: " + large + ": too large for the Java heap: a 4000x3000 image needs about 3")
                .contains(" MiB of it with ALTMRetinex[r=2000], at most ")
                .endsWith(" may be used (-Xmx)");
        assertThat(dir.resolve("out/small.png")).exists();
        assertThat(dir.resolve("out/large.png")).doesNotExist();
    }

    @Test
    @Timeout(60)
    void aJpegHeaderOf30000x30000IsRefusedBeforeItIsDecoded() throws Exception {
        // A real 16x16 JPEG whose frame header is made to say 30000x30000: a decoder would allocate it and fill it.
        Mat image = TestImages.image(16, 16, 2);
        MatOfByte encoded = new MatOfByte();
        Imgcodecs.imencode(".jpg", image, encoded);
        byte[] bytes = encoded.toArray();
        image.release();
        encoded.release();
        for (int i = 2; i < bytes.length; i++) {
            if ((bytes[i] & 0xFF) == 0xFF && (bytes[i + 1] & 0xFF) == 0xC0) {
                bytes[i + 5] = bytes[i + 7] = (byte) (30000 >> 8);
                bytes[i + 6] = bytes[i + 8] = (byte) 30000;
                break;
            }
        }
        Path folder = Files.createDirectories(dir.resolve("in"));
        Path bomb = Files.write(folder.resolve("bomb.jpg"), bytes);
        TestImages.write(folder.resolve("fine.png"), 64, 48, 4);

        LoomyProcess loomy = start("-o", dir.resolve("out").toString(), folder.toString());

        assertThat(loomy.process().waitFor(30, TimeUnit.SECONDS)).as("ended within 30 s").isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(loomy.stderr().lines().filter(l -> l.contains("bomb.jpg")).toList()).containsExactly("loomy: " + bomb
                + ": too large to decode: 30000x30000 is 900000000 pixels, more than the limit of 268435456"
                + " (OPENCV_IO_MAX_IMAGE_PIXELS)");
        assertThat(dir.resolve("out/fine.png")).exists();
        assertThat(dir.resolve("out/bomb.jpg")).doesNotExist();
    }
}
