package dev.loomy.opencv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;

/**
 * The native paths under stress, in a JVM of their own with glibc's heap checks and the JVM's JNI
 * checks: threads read, decode, encode and write small JPEGs and PNGs and free finalizable Mats
 * while another forces collections without pause, so that finalizers run while Mats are released.
 *
 * <p>Each probe Mat notes whether its finalizer ran while {@link Mats#free} was still releasing it.
 * With a bare {@code release()} in its place this test failed every time it was tried on a busy
 * 2-core machine: 1 to 10 probes of 10,000-15,000 finalized during their release, or the child
 * killed by SIGSEGV in {@code cv::Mat::release()}. A heap corruption aborts the child.
 */
@Slow
class NativeStressTest {

    private static final int SECONDS = 6;

    @Test
    void nativePathsSurviveCollectionsDuringReleaseUnderHeapChecks(@TempDir Path dir) throws Exception {
        Path images = Files.createDirectories(dir.resolve("in"));
        for (int i = 0; i < 6; i++) {
            TestImages.write(images.resolve("img" + i + (i % 2 == 0 ? ".jpg" : ".png")), 24 + i * 40, 20 + i * 30, i);
        }
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xcheck:jni", "-XX:+UseSerialGC", "-Xmn4m", "--enable-native-access=ALL-UNNAMED",
                "-XX:ErrorFile=" + dir.resolve("hs_err_%p.log"),
                "-cp", System.getProperty("java.class.path"), Child.class.getName(), images.toString(),
                dir.resolve("out").toString(), Integer.toString(SECONDS)));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("child.txt").toFile());
        builder.environment().put("MALLOC_CHECK_", "3");
        builder.environment().put("MALLOC_PERTURB_", "165");
        Process child = builder.start();
        boolean ended = child.waitFor(SECONDS + 60, TimeUnit.SECONDS);
        if (!ended) {
            child.destroyForcibly();
        }
        String output = Files.readString(dir.resolve("child.txt"));
        assertThat(ended).as("the child ended; it said:%n%s", output).isTrue();
        assertThat(child.exitValue()).as("the child's exit status; it said:%n%s", output).isZero();
        assertThat(output).contains("finalized during a free: 0").doesNotContain("FATAL ERROR");
    }

    /** The stress itself, in the child JVM: IN OUT SECONDS. */
    public static final class Child {

        /** The native header of the probe being freed right now, or 0. */
        private static volatile long freeing;
        private static final AtomicLong duringFree = new AtomicLong();

        /** A finalizable Mat that notes a finalizer running while it is being freed. */
        static final class Probe extends Mat {
            Probe(int side) {
                super(side, side, CvType.CV_8UC3, Scalar.all(3));
            }

            @SuppressWarnings({"removal", "deprecation"})
            @Override
            protected void finalize() throws Throwable {
                if (nativeObj == freeing) {
                    duringFree.incrementAndGet();
                }
                super.finalize();
            }
        }

        public static void main(String[] args) throws Exception {
            OpenCv.load();
            Path in = Path.of(args[0]);
            Path out = Files.createDirectories(Path.of(args[1]));
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[2]));
            List<Path> files;
            try (var listing = Files.list(in)) {
                files = listing.sorted().toList();
            }
            // Each file once before the collections start: the first read initialises JNA, slowly, under them.
            ImageReader warm = new ImageReader();
            for (Path file : files) {
                Mats.free(warm.read(file));
            }
            Thread collector = Thread.ofPlatform().daemon().start(() -> {
                // A short pause between collections, or the workers would hardly get past a safepoint.
                while (true) {
                    System.gc();
                    LockSupport.parkNanos(1_000_000);
                }
            });
            AtomicLong images = new AtomicLong();
            List<Thread> workers = new ArrayList<>();
            for (int t = 0; t < 2; t++) {
                int worker = t;
                workers.add(Thread.ofPlatform().start(() -> {
                    ImageReader reader = new ImageReader();
                    ImageWriter writer = new ImageWriter(OneWriter.noInputs());
                    for (long n = 0; System.nanoTime() < end; n++) {
                        Path file = files.get((int) (n % files.size()));
                        try {
                            Mat image = reader.read(file);
                            try {
                                writer.write(image, out.resolve(worker + "-" + file.getFileName()));
                            } finally {
                                Mats.free(image);
                            }
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                        images.incrementAndGet();
                    }
                }));
            }
            long probes = 0;
            while (System.nanoTime() < end) {
                probe(probes % 8 == 0 ? 1000 : 64);
                probes++;
            }
            for (Thread worker : workers) {
                worker.join();
            }
            collector.interrupt();
            System.runFinalization();
            System.out.println("images " + images.get() + ", probes " + probes + ", finalized during a free: "
                    + duringFree.get());
        }

        private static void probe(int side) {
            Probe probe = new Probe(side);
            freeing = probe.nativeObj;
            Mats.free(probe);
            freeing = 0;
        }
    }
}
