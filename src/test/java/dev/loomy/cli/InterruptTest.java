package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;
import picocli.CommandLine;
import dev.loomy.testing.StartedProcesses;

/**
 * Stopping a run half-way, from inside (RunControl.interrupt, as the signal handler does) and
 * from outside (a real process sent SIGINT and SIGTERM): no temporary or partial file is
 * left, every output written decodes, the results say they are partial, the exit is 130.
 */
class InterruptTest {

    private static final int IMAGES = 60;

    @TempDir
    Path dir;

    Path input;
    Path out;

    /** Each loomy started, ended after the test. */
    @RegisterExtension
    final StartedProcesses started = new StartedProcesses();

    private LoomyProcess start(String... args) throws IOException {
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), args);
        started.add(loomy.process());
        return loomy;
    }

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        out = dir.resolve("out");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("img%02d.%s", i, i % 2 == 0 ? "png" : "jpg")), 64, 48, i);
        }
    }

    /** Every file under the output folder: none is temporary, each decodes; returns how many. */
    private long assertOutputsWhole() throws IOException {
        if (!Files.exists(out)) {
            return 0;
        }
        try (Stream<Path> walk = Files.walk(out)) {
            List<Path> files = walk.filter(Files::isRegularFile).toList();
            for (Path file : files) {
                assertThat(file.getFileName().toString()).as("a temporary file is left").doesNotStartWith(".")
                        .doesNotEndWith(".loomy-tmp");
                Mat image = Imgcodecs.imread(file.toString());
                assertThat(image.empty()).as(file + " decodes").isFalse();
                image.release();
            }
            return files.size();
        }
    }

    private long outputs() throws IOException {
        if (!Files.exists(out)) {
            return 0;
        }
        // loomy renames temporary files while this looks: a file gone between listing and reading
        // its attributes makes the walk fail, and a second look sees the folder as it is now.
        for (int attempt = 1; ; attempt++) {
            try (Stream<Path> walk = Files.walk(out)) {
                return walk.filter(f -> f.getFileName().toString().startsWith("img")).count();
            } catch (UncheckedIOException e) {
                if (attempt == 5) {
                    throw e.getCause();
                }
            }
        }
    }

    private void awaitOutputs(long count, BooleanSupplier running) throws Exception {
        while (outputs() < count) {
            assertThat(running.getAsBoolean()).as("still running").isTrue();
            Thread.sleep(20);
        }
    }

    @Test
    @Timeout(60)
    void anInterruptInTheMiddleFinishesTheImagesUnderWayAndPrintsPartialResults() throws Exception {
        ByteArrayOutputStream stdout = new ByteArrayOutputStream();
        ByteArrayOutputStream stderr = new ByteArrayOutputStream();
        PrintStream o = new PrintStream(stdout, true, StandardCharsets.UTF_8);
        PrintStream e = new PrintStream(stderr, true, StandardCharsets.UTF_8);
        LoomyCommand command = new LoomyCommand(o, e);
        // On a thread of its own, as a signal handler stops a run from outside; what it throws, the test throws.
        FutureTask<Integer> run = new FutureTask<>(() -> new CommandLine(command).execute(
                "--strategy=pool", "--parallelism=2", "--io-latency=40ms", "-o", out.toString(), "--format=table",
                input.toString()));
        Thread.ofPlatform().start(run);

        awaitOutputs(5, () -> !run.isDone());
        command.control().interrupt();

        assertThat(run.get()).as(stderr.toString(StandardCharsets.UTF_8)).isEqualTo(ExitCodes.INTERRUPTED);
        String results = stdout.toString(StandardCharsets.UTF_8);
        assertThat(results).contains("interrupted").contains("Interrupted: these are partial results.");
        assertThat(assertOutputsWhole()).isBetween(5L, IMAGES - 1L);
    }

    /**
     * loomy in its own JVM, once {@code outputs} images are written: each job first waits
     * {@code latency} for its storage, {@code parallelism} jobs at a time. With several
     * strategies each is measured in a child JVM, and the signals go to the parent.
     */
    private LoomyProcess runningAfter(long outputs, String strategies, int parallelism, String latency) throws Exception {
        LoomyProcess loomy = start("--strategy=" + strategies, "--parallelism=" + parallelism,
                "--io-latency=" + latency, "-o", out.toString(), "--format=table", input.toString());
        awaitOutputs(outputs, loomy.process()::isAlive);
        return loomy;
    }

    private static void assertExits130Within(int seconds, LoomyProcess loomy, List<ProcessHandle> children) throws Exception {
        assertThat(loomy.process().waitFor(seconds, TimeUnit.SECONDS)).as("exited within " + seconds + " s").isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(children).as("child JVMs").noneMatch(ProcessHandle::isAlive);
    }

    @Slow
    @ParameterizedTest
    @ValueSource(strings = {"pool", "pool,loop"})
    @Timeout(60)
    void sigintStopsARealProcessWithPartialResultsAndExit130(String strategies) throws Exception {
        // Two images at a time, each behind 100 ms of storage latency: 3 s for the batch (per strategy).
        LoomyProcess loomy = runningAfter(4, strategies, 2, "100ms");
        List<ProcessHandle> children = loomy.process().toHandle().children().toList();

        loomy.kill("INT");

        assertExits130Within(30, loomy, children);
        assertThat(children).hasSize(strategies.contains(",") ? 1 : 0);
        assertThat(loomy.stderr()).contains("loomy: interrupted (SIGINT)");
        assertThat(loomy.stdout()).contains("Interrupted: these are partial results.").contains("interrupted");
        assertThat(assertOutputsWhole()).isBetween(4L, IMAGES - 1L);
    }

    /**
     * loomy on one 4-megapixel image through a chain of 60 ALTMRetinex steps (about half a
     * second each here), once the chain has begun; each output lands in {@code out}.
     */
    private LoomyProcess inALongChain(String strategies) throws Exception {
        Path image = TestImages.write(dir.resolve("large/photo.png"), 2000, 2000, 7);
        Path config = Files.writeString(dir.resolve("slow.yaml"), "filters:\n  Slow: {chain: ["
                + String.join(", ", java.util.Collections.nCopies(60, "ALTMRetinex")) + "]}\n");
        LoomyProcess loomy = start("--strategy=" + strategies, "--config=" + config,
                "--filter=Slow", "-o", out.toString(), "--format=table", image.toString());
        awaitStarted(loomy);
        // Reading the image takes a fraction of a second; then the chain is under way for far longer than 3 s.
        Thread.sleep(1500);
        return loomy;
    }

    /** Waits until loomy has said how many images it lets in flight: its runs begin right after. */
    private static void awaitStarted(LoomyProcess loomy) throws Exception {
        while (!loomy.stderr().contains("in flight")) {
            assertThat(loomy.process().isAlive()).as("still running: " + loomy.stderr()).isTrue();
            Thread.sleep(20);
        }
    }

    /** Sends {@code signal} and returns the milliseconds until loomy exited, at most {@code limit} s. */
    private static long millisToExit(LoomyProcess loomy, String signal, int limit) throws Exception {
        long sent = System.nanoTime();
        loomy.kill(signal);
        assertThat(loomy.process().waitFor(limit, TimeUnit.SECONDS)).as("exited within " + limit + " s").isTrue();
        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
    }

    private void assertStoppedWithPartialResults(LoomyProcess loomy, long millis) throws Exception {
        assertThat(millis).as("milliseconds from the signal to the exit; " + loomy.stderr()).isLessThan(3000);
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(loomy.stdout()).contains("Interrupted: these are partial results.");
        assertOutputsWhole();
    }

    @Slow
    @ParameterizedTest
    @CsvSource({"INT, pool", "TERM, 'pool,loop'"})
    @Timeout(60)
    void aSignalStopsWithin3SecondsInAChainOfLongSteps(String signal, String strategies) throws Exception {
        LoomyProcess loomy = inALongChain(strategies);

        long millis = millisToExit(loomy, signal, 30);

        assertStoppedWithPartialResults(loomy, millis);
        assertThat(loomy.stderr()).doesNotContain("stopped at once");
    }

    @Slow
    @ParameterizedTest
    @ValueSource(strings = {"pool", "pool,loop"})
    @Timeout(60)
    void aSignalStopsWithin3SecondsDuringAnHourOfStorageLatency(String strategies) throws Exception {
        LoomyProcess loomy = start("--strategy=" + strategies, "--io-latency=60m",
                "-o", out.toString(), "--format=table", input.toString());
        awaitStarted(loomy);
        Thread.sleep(300);

        long millis = millisToExit(loomy, "INT", 30);

        assertStoppedWithPartialResults(loomy, millis);
        assertThat(outputs()).isZero();
    }

    @Slow
    @ParameterizedTest
    @CsvSource({"TERM, pool", "INT, 'pool,loop'"})
    @Timeout(60)
    void aSecondSignalExitsAtOnceAndLeavesAnotherRunsTemporaryFiles(String first, String strategies) throws Exception {
        // Another loomy (this test's JVM stands for it: it is alive) writing into the same folder.
        Path sibling = Files.createDirectories(out).resolve(".photo.png." + ProcessHandle.current().pid()
                + "-5eed.loomy-tmp");
        Files.writeString(sibling, "half of another run's image");
        LoomyProcess loomy = inALongChain(strategies);
        List<ProcessHandle> children = loomy.process().toHandle().children().toList();

        loomy.kill(first);
        // Later than the same signal's echo (Interrupts.ECHO), which counts as the first.
        Thread.sleep(400);
        assertThat(loomy.process().isAlive()).as("the first signal gives the image under way time to finish").isTrue();
        long millis = millisToExit(loomy, "INT", 10);

        assertThat(millis).as("milliseconds from the second signal to the exit").isLessThan(3000);
        assertExits130Within(0, loomy, children);
        assertThat(loomy.stderr()).contains("loomy: interrupted (SIG" + first + ")")
                .contains("loomy: stopped at once (SIGINT again)");
        assertThat(loomy.stdout()).as("no results after stopping at once").isEmpty();
        assertThat(sibling).as("another run's temporary file").hasContent("half of another run's image");
        Files.delete(sibling);
        assertOutputsWhole();
    }
}
