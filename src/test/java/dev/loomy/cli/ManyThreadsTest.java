package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * The article's failure, on a small scale: one platform thread per image for a few hundred
 * images, in a JVM with a small heap. With images in flight limited, it finishes.
 */
@Slow
class ManyThreadsTest {

    private static final int IMAGES = 300;

    @TempDir
    Path dir;

    @Test
    @Timeout(120)
    void threadsOverAFewHundredImagesFinishInASmallHeapWithALimitInFlight() throws Exception {
        Path input = dir.resolve("in");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("img%03d.%s", i, i % 3 == 0 ? "png" : "jpg")), 96, 64, i);
        }
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of("-Xmx48m"), "--strategy=threads", "--filter=ALTMRetinex",
                "--max-in-flight=4", "--format=csv", "-o", out.toString(), input.toString());

        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        assertThat(loomy.stderr()).contains("loomy: at most 4 images in flight (--max-in-flight=4)");
        List<String> lines = loomy.stdout().lines().toList();
        List<String> header = List.of(lines.get(0).split(","));
        String[] row = lines.get(1).split(",", -1);
        assertThat(row[header.indexOf("outcome")]).isEqualTo("ok");
        // Still one platform thread per image: the limit holds images back, not threads.
        assertThat(row[header.indexOf("worker_threads")]).isEqualTo(Integer.toString(IMAGES));
        try (Stream<Path> written = Files.walk(out)) {
            assertThat(written.filter(Files::isRegularFile).count()).isEqualTo(IMAGES);
        }
    }

    @Test
    @Timeout(60)
    void withoutALimitOnePairIsMeasuredInAChildWhoseDeathIsAReportedCrash() throws Exception {
        Path input = dir.resolve("in");
        TestImages.writeMany(input, 3, 32, 32);
        // The child dies as the kernel's out-of-memory killer would end it: SIGKILL, status 137.
        System.setProperty("loomy.test.crash", "threads/NoOp=halt");
        Cli cli;
        try {
            cli = Cli.run("--strategy=threads", "--max-in-flight=unbounded", "--no-write", "--format=csv", input.toString());
        } finally {
            System.clearProperty("loomy.test.crash");
        }

        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.CRASHED);
        assertThat(cli.out()).contains("threads,NoOp").contains(",crashed");
        assertThat(cli.err()).contains("threads / NoOp: crashed").contains("exit status 137");
    }

    @Test
    @Timeout(60)
    void theChildMeasuringWithoutALimitIsTheKernelsFirstChoiceWhenMemoryRunsOut() throws Exception {
        Path input = dir.resolve("in");
        TestImages.writeMany(input, 3, 32, 32);

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "--strategy=pool", "--max-in-flight=unbounded",
                "--io-latency=5s", "--no-write", input.toString());
        try {
            ProcessHandle child;
            while ((child = loomy.process().toHandle().children().findFirst().orElse(null)) == null) {
                assertThat(loomy.process().isAlive()).as(loomy.stderr()).isTrue();
                Thread.sleep(20);
            }
            // The child sets it once it has read its arguments; until then it has its parent's.
            while (!oomScore(child.pid()).equals("1000")) {
                assertThat(child.isAlive()).as(loomy.stderr()).isTrue();
                Thread.sleep(20);
            }
            assertThat(oomScore(loomy.process().pid())).as("the parent keeps its own").isNotEqualTo("1000");
        } finally {
            loomy.kill("INT");
            assertThat(loomy.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    private static String oomScore(long pid) throws Exception {
        return Files.readString(Path.of("/proc/" + pid + "/oom_score_adj")).strip();
    }
}
