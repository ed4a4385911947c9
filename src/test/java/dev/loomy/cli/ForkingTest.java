package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** Runs measured in child JVMs, end to end through the command line. */
class ForkingTest {

    @TempDir
    Path dir;

    @Slow
    @Test
    void severalPairsAreMeasuredInChildJvmsAndFailuresAreReportedOnce() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 4, 64, 48);
        Files.write(in.resolve("broken.png"), new byte[] {1, 2, 3, 4});

        Cli run = Cli.run("--strategy=loop,virtual", "--no-write", "--format=json", "--repeat=2", in.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.get("forked").asBoolean()).isTrue();
        JsonNode results = root.get("results");
        assertThat(results).hasSize(2);
        for (JsonNode row : results) {
            assertThat(row.get("outcome").asText()).isEqualTo("failed-images");
            assertThat(row.get("images").asInt()).isEqualTo(5);
            assertThat(row.get("failed").asInt()).isEqualTo(1);
            assertThat(row.get("raw_runs")).hasSize(2);
            assertThat(row.at("/raw_runs/0/completed_ms")).hasSize(5);
            assertThat(row.get("peak_threads").asInt()).isPositive();
            // Each child's resident peak is its own, reset before each run.
            assertThat(row.get("peak_rss_mib").asDouble()).isPositive();
            assertThat(row.get("rss_windowed").asBoolean()).isTrue();
        }
        assertThat(results.get(0).get("strategy").asText()).isEqualTo("loop");
        assertThat(results.get(1).get("speedup_vs_loop").isNumber()).isTrue();
        List<String> brokenLines = run.err().lines().filter(l -> l.contains("broken.png")).toList();
        assertThat(brokenLines).hasSize(1);
        assertThat(brokenLines.get(0)).startsWith("loomy: ").contains("not an image");
    }

    @Slow
    @Test
    void aChildThatDiesBecomesACrashedRowWhileTheOthersComplete() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 32, 32);
        System.setProperty("loomy.test.crash", "pool/NoOp=halt,virtual/NoOp=oom");
        Cli run;
        try {
            run = Cli.run("--strategy=loop,pool,virtual,forkjoin", "--no-write", "--format=json", in.toString());
        } finally {
            System.clearProperty("loomy.test.crash");
        }

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.CRASHED);
        JsonNode results = new ObjectMapper().readTree(run.out()).get("results");
        assertThat(results).hasSize(4);
        JsonNode loop = results.get(0);
        JsonNode pool = results.get(1);
        JsonNode virtual = results.get(2);
        JsonNode forkjoin = results.get(3);
        assertThat(loop.get("outcome").asText()).isEqualTo("ok");
        assertThat(forkjoin.get("outcome").asText()).isEqualTo("ok");
        assertThat(forkjoin.get("time_ms_median").isNumber()).isTrue();
        assertThat(pool.get("strategy").asText()).isEqualTo("pool");
        assertThat(pool.get("outcome").asText()).isEqualTo("crashed");
        assertThat(pool.get("time_ms_median").isNull()).isTrue();
        assertThat(pool.get("note").asText()).contains("exit status 137").contains("SIGKILL");
        assertThat(virtual.get("outcome").asText()).isEqualTo("crashed");
        assertThat(virtual.get("note").asText()).contains("java.lang.OutOfMemoryError");
        assertThat(run.err()).contains("loomy: pool / NoOp: crashed: ").contains("loomy: virtual / NoOp: crashed: ");
        assertThat(run.err().lines()).noneMatch(l -> l.startsWith("\tat "));
    }

    @Test
    void noForkMeasuresEverythingInThisJvm() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 32, 32);
        Cli run = Cli.run("--strategy=loop,threads", "--no-fork", "--no-write", "--format=json", in.toString());
        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.get("forked").asBoolean()).isFalse();
        assertThat(root.at("/options/fork").asBoolean()).isFalse();
        assertThat(root.get("results")).hasSize(2).allMatch(r -> r.get("outcome").asText().equals("ok"));
    }
}
