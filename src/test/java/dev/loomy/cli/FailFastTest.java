package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.management.HotSpotDiagnosticMXBean;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;

/**
 * {@code --fail-fast} through the command line, for every strategy: a file that is no image among
 * slow images (each read waits out {@code --io-latency}) stops the run with exit status 1 and its
 * one line; the run ends within {@value #BOUND_MS} ms of that failure (without the option it goes on
 * to every image); each output written is whole (the bytes of a full run's), no temporary file is
 * left, and no thread of loomy's outlives the run.
 */
@Slow
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FailFastTest {

    private static final int IMAGES = 40;
    /** The bad file's place in the order the walk hands images over. */
    private static final int BAD_AT = 6;
    /** The most a run may go on after its first failure. */
    private static final long BOUND_MS = 2000;
    /** How long the threads of a run that has returned may take to be gone. */
    private static final long THREADS_GONE_MS = 2000;
    private static final Pattern STOPPED = Pattern.compile("stopped at the first failure \\((.+): not an image: [^)]*\\), "
            + "the run ended (\\d+) ms after it; (\\d+) images? never started, (\\d+) under way cancelled");

    @TempDir
    static Path dir;

    static Path input;
    static Path bad;
    static Map<String, byte[]> whole;

    @BeforeAll
    static void images() throws IOException {
        OpenCv.load();
        input = dir.resolve("in");
        TestImages.writeMany(input, IMAGES, 64, 48);
        bad = input.resolve(String.format("img%02d.png", BAD_AT - 1));
        Files.writeString(bad, "no image at all");
        // Without --fail-fast, the run goes on past the failure: the whole outputs, to compare with.
        Cli full = Cli.run("-s", "virtual", "-f", "NoOp", "-o", dir.resolve("whole").toString(), input.toString());
        assertThat(full.status()).isEqualTo(1);
        assertThat(full.out()).startsWith(IMAGES + " images -> ").contains("1 failed").doesNotContain("stopped");
        whole = StructuredTest.files(dir.resolve("whole"));
        assertThat(whole).hasSize(IMAGES - 1);
    }

    static List<String> strategies() {
        return Strategies.known().stream().map(Strategy::name).toList();
    }

    @ParameterizedTest
    @MethodSource("strategies")
    void theFirstFailureStopsTheRunAndLeavesNothingBehind(String strategy) throws Exception {
        Path out = dir.resolve("out-" + strategy);
        Cli run = Cli.run("-s", strategy, "-f", "NoOp", "--fail-fast", "--io-latency=300ms", "--parallelism=2",
                "--max-in-flight=2", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(1);
        assertThat(run.err().lines().filter(line -> line.contains(input.toString())).toList())
                .containsExactly("loomy: " + bad + ": not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        Matcher stopped = STOPPED.matcher(run.out());
        assertThat(stopped.find()).as(run.out()).isTrue();
        assertThat(stopped.group(1)).isEqualTo(bad.toString());
        assertThat(Long.parseLong(stopped.group(2))).as("ms from the first failure to the end").isLessThan(BOUND_MS);
        int neverStarted = Integer.parseInt(stopped.group(3));
        if (List.of("loop", "pool", "forkjoin").contains(strategy)) {
            // Handed over in order, two at a time at most: those after the bad file and its neighbour never start.
            assertThat(neverStarted).isGreaterThanOrEqualTo(IMAGES - BAD_AT - 2);
        }
        Map<String, byte[]> written = Files.isDirectory(out) ? StructuredTest.files(out) : Map.of();
        assertThat(written.keySet()).noneMatch(name -> name.endsWith(".loomy-tmp"));
        assertThat(whole).containsKeys(written.keySet().toArray(String[]::new));
        assertThat(written).allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(whole.get(name)));
        assertThat(written.size() + 1 + neverStarted).isLessThanOrEqualTo(IMAGES);
        assertThat(loomyThreadsLeft(strategy)).isEmpty();
    }

    @Test
    void forkedRowsAfterTheFailureNeverStart() throws IOException {
        Path out = dir.resolve("forked");
        Cli run = Cli.run("-s", "pool,virtual", "-f", "NoOp", "--fork", "--fail-fast", "--io-latency=100ms",
                "--parallelism=2", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(1);
        assertThat(run.out()).contains("pool,NoOp").contains("failed-images").doesNotContain("virtual,NoOp");
        assertThat(STOPPED.matcher(run.out()).find()).as(run.out()).isTrue();
        assertThat(out.resolve("NoOp/virtual")).doesNotExist();
        try (Stream<Path> files = Files.walk(out)) {
            assertThat(files.map(Path::toString)).noneMatch(name -> name.endsWith(".loomy-tmp"));
        }
    }

    /**
     * The threads of loomy's strategies still alive, after at most {@value #THREADS_GONE_MS} ms: platform
     * threads by name (pool, threads) or as ForkJoin workers that are not the JVM's (forkjoin's pool, not
     * the virtual threads' carriers or the common pool), virtual threads from the JVM's thread dump, which
     * lists every one by its container (executor, scope, or none).
     */
    private static List<String> loomyThreadsLeft(String strategy) throws Exception {
        long deadline = System.nanoTime() + THREADS_GONE_MS * 1_000_000;
        List<String> left;
        int dump = 0;
        do {
            left = new ArrayList<>();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                boolean worker = thread instanceof ForkJoinWorkerThread w && w.getPool() != ForkJoinPool.commonPool()
                        && !thread.getClass().getName().equals("jdk.internal.misc.CarrierThread");
                if (thread.isAlive() && (worker || thread.getName().startsWith("loomy-pool-")
                        || thread.getName().startsWith("loomy-image-"))) {
                    left.add(thread.getName());
                }
            }
            Path file = dir.resolve("threads-" + strategy + "-" + dump++ + ".json");
            ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).dumpThreads(file.toString(),
                    HotSpotDiagnosticMXBean.ThreadDumpFormat.JSON);
            JsonNode containers = new ObjectMapper().readTree(file.toFile()).path("threadDump").path("threadContainers");
            assertThat(containers.size()).as("containers in the thread dump").isPositive();
            for (JsonNode container : containers) {
                for (JsonNode thread : container.path("threads")) {
                    if (thread.path("name").asText().matches("loomy-(virtual|structured).*")) {
                        left.add(thread.path("name").asText());
                    }
                }
            }
            if (!left.isEmpty()) {
                Thread.sleep(50);
            }
        } while (!left.isEmpty() && System.nanoTime() < deadline);
        return left;
    }
}
