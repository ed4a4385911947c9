package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/**
 * --parallelism sets the virtual-thread carriers, in a child JVM and in this one. The
 * observable: the carriers the virtual threads ran on, which each job reads from its own
 * thread's description ("VirtualThread[#31,loomy-virtual-3]/runnable@ForkJoinPool-1-worker-2").
 * Both counts differ from the default (one carrier per core), so they cannot come from it.
 */
@Slow
class CarriersTest {

    @TempDir
    Path dir;

    /**
     * From JDK 24 on, the carriers seen are exactly the parallelism. On JDK 21 a virtual thread
     * blocked in a file read makes the scheduler add a carrier for the time of the read
     * (compensation), so a few more may appear; never fewer, given work enough for all.
     */
    private static void assertCarriers(int seen, int parallelism) {
        if (Runtime.version().feature() >= 24) {
            assertThat(seen).isEqualTo(parallelism);
        } else {
            assertThat(seen).isGreaterThanOrEqualTo(parallelism);
        }
    }

    @Test
    void aForkedChildGetsTheCarriersAsked() throws Exception {
        Path in = dir.resolve("in");
        // Each image takes milliseconds to decode, so that every carrier has taken one before the others are done.
        TestImages.writeMany(in, 16, 640, 480);
        int parallelism = Runtime.getRuntime().availableProcessors() + 1;
        Cli run = Cli.run("--strategy=virtual", "--fork", "--parallelism=" + parallelism, "--no-write", "--format=json",
                in.toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode row = new ObjectMapper().readTree(run.out()).at("/results/0");
        assertThat(new ObjectMapper().readTree(run.out()).get("forked").asBoolean()).isTrue();
        assertCarriers(row.get("worker_threads").asInt(), parallelism);
    }

    @Test
    void inOneJvmTheCommandLineSetsTheCarriersBeforeTheFirstVirtualThread() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 12, 640, 480);
        // A JVM of its own: this one's carriers were fixed by whichever test started a virtual thread first.
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "--strategy=virtual", "--no-fork", "--parallelism=1",
                "--no-write", "--format=json", in.toString());
        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).as("ended within 100 s").isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        JsonNode root = new ObjectMapper().readTree(loomy.stdout());
        assertThat(root.get("forked").asBoolean()).isFalse();
        assertCarriers(root.at("/results/0/worker_threads").asInt(), 1);
    }
}
