package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;

/**
 * A filter's result and temporaries are released when the caller releases the result, not
 * when the garbage collector gets round to a forgotten Mat header: OpenCV's Java methods that
 * return a Mat (setTo, submat, reshape, ...) return a new header that keeps the pixels alive.
 * Applied over and over to one image, a filter that forgets one grows the process by that
 * buffer every time.
 *
 * <p>Measured in a JVM of its own: in a test JVM the compiler threads working on other
 * tests' code grow the process by tens of megabytes at moments no test chooses. Its heap is
 * fixed and touched up front, so that the Java arrays Cartoon2's median works in (collected,
 * not leaked) do not show up as growth either. And glibc keeps what is freed (as run.sh has it):
 * left to trim and map afresh as it likes, the process grew anywhere from 0.2 to 68 MB over
 * the same twelve ALTMRetinex calls. Each filter is warmed up on a small image first, many
 * times, so that the JIT compiles its Java loops before the rounds: C2's arenas grew the process
 * by 28 MB during rounds that followed three calls alone (ALTMRetinex's guided filter), then
 * not at all.
 */
@Slow
class FilterMemoryTest {

    private static final int WIDTH = 1500;
    private static final int HEIGHT = 1000;
    private static final int WARM_UP = 3;
    private static final int SMALL_WIDTH = 320;
    private static final int SMALL_HEIGHT = 240;
    private static final int COMPILE_ROUNDS = 200;
    private static final int ROUNDS = 12;

    @ParameterizedTest
    @ValueSource(strings = {"Cartoon2", "ALTMRetinex"})
    @Timeout(60)
    void repeatedCallsGiveTheirMemoryBack(String name) throws Exception {
        long growth = growths(name).get(name)[0];
        // A forgotten 8-bit result (4.5 MB here) or float channel (6 MB) would add 12 of them, 54 MB or more.
        // Without, the growth measured 0.1 to 1.6 MB for either filter; 5 images' worth, 22.5 MB, tells them apart.
        assertThat(growth).as(name + ": resident growth over " + ROUNDS + " calls").isLessThan(5L * WIDTH * HEIGHT * 3);
    }

    /**
     * origami's catalogue, one filter after the other in one child JVM. The smallest thing one of
     * them could forget is a 1-channel plane (1.5 MB here, 9 MB over half the rounds): half of that
     * tells it apart. A forgotten Mat grows both halves of the rounds alike; glibc taking more for
     * its arenas is one step, in one half: in a loaded test run EdgePreserving and DetailEnhance
     * once grew by 54 and 48 MB, and by 0 to 64 KB in every run on their own.
     */
    @Test
    @Timeout(120)
    void catalogueFiltersGiveTheirMemoryBack() throws Exception {
        String[] names = CatalogueGoldenTest.catalogue().stream().map(Filter::name).toArray(String[]::new);
        Map<String, long[]> growths = growths(names);
        assertThat(growths).containsOnlyKeys(names);
        assertThat(growths).allSatisfy((name, growth) -> assertThat(Math.min(growth[1], growth[2]))
                .as(name + ": resident growth over each half of " + ROUNDS + " calls: " + growth[1] + ", " + growth[2])
                .isLessThan(ROUNDS / 2 * WIDTH * HEIGHT / 2L));
    }

    /** Each filter's growth of resident memory over its rounds, then over each half of them, measured in a child JVM. */
    private static Map<String, long[]> growths(String... names) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "--enable-native-access=ALL-UNNAMED",
                "-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch", FilterMemoryTest.class.getName()));
        command.addAll(List.of(names));
        // Its output goes to a file, not a pipe read here: a read would wait as long as the child hangs.
        Path log = Files.createTempFile("loomy-filter-memory-", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("GLIBC_TUNABLES",
                "glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=4294967296");
        Process child = builder.start();
        String output;
        try {
            boolean ended = child.waitFor(100, TimeUnit.SECONDS);
            if (!ended) {
                child.destroyForcibly();
            }
            output = Files.readString(log).strip();
            assertThat(ended).as("ended within 100 s: %s", output).isTrue();
        } finally {
            Files.delete(log);
        }
        assertThat(child.exitValue()).as(output).isZero();
        Map<String, long[]> growths = new LinkedHashMap<>();
        output.lines().filter(l -> l.matches("\\S+( -?\\d+){3}")).forEach(l -> {
            String[] parts = l.split(" ");
            growths.put(parts[0], new long[] {Long.parseLong(parts[1]), Long.parseLong(parts[2]), Long.parseLong(parts[3])});
        });
        return growths;
    }

    /**
     * In the child: for each filter named, its name and the growth of resident memory, in bytes, over its
     * rounds after the warm-up, then over the first and the second half of them.
     */
    public static void main(String[] args) throws Exception {
        // One OpenCV thread, as loomy runs by default (--cv-threads=1): each of OpenCV's workers would take
        // a malloc arena of its own, whose kept buffers grow the process at moments no filter chooses.
        OpenCv.load();
        Core.setNumThreads(1);
        // A black patch, so that every branch runs (ALTMRetinex treats Lw = 0 apart).
        Mat image = TestImages.image(WIDTH, HEIGHT, 3);
        Imgproc.rectangle(image, new Point(0, 0), new Point(99, 99), Scalar.all(0), -1);
        Mat small = TestImages.image(SMALL_WIDTH, SMALL_HEIGHT, 3);
        Imgproc.rectangle(small, new Point(0, 0), new Point(9, 9), Scalar.all(0), -1);
        for (String name : args) {
            Filter filter = FilterRegistry.builtIns().require(name);
            for (int i = 0; i < COMPILE_ROUNDS; i++) {
                Filters.releaseResult(small, filter.apply(small));
            }
            for (int i = 0; i < WARM_UP; i++) {
                Filters.releaseResult(image, filter.apply(image));
            }
            long before = rss();
            long half = before;
            for (int i = 0; i < ROUNDS; i++) {
                Filters.releaseResult(image, filter.apply(image));
                if (i == ROUNDS / 2 - 1) {
                    half = rss();
                }
            }
            long after = rss();
            System.out.println(name + " " + (after - before) + " " + (half - before) + " " + (after - half));
        }
        image.release();
        small.release();
    }

    private static long rss() throws Exception {
        List<String> status = Files.readAllLines(Path.of("/proc/self/status"));
        String line = status.stream().filter(l -> l.startsWith("VmRSS:")).findFirst().orElseThrow();
        return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
    }
}
