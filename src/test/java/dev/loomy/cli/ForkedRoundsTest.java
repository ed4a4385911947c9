package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * Interleaved rounds with forking, as a user runs them: each row's child JVM stays warm and serves
 * round after round (two children alive together, the same two throughout), and Ctrl-C stops
 * them all within 3 seconds, with the rounds taken so far reported.
 */
class ForkedRoundsTest {

    @TempDir
    Path dir;

    private Process started;

    @AfterEach
    void endStarted() {
        if (started != null) {
            started.descendants().forEach(ProcessHandle::destroyForcibly);
            started.destroyForcibly();
        }
    }

    @Slow
    @Test
    @Timeout(90)
    void eachRowsChildServesSeveralRoundsAndCtrlCEndsThemAll() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 4, 32, 24);
        // Each image waits 20 ms for its storage: a run of loop takes 80 ms, of pool 40 ms; 400 rounds would take a minute.
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop,pool", "-f", "NoOp", "--no-write",
                "--io-latency=20ms", "--warmup=1", "--repeat=400", "--format=json", in.toString());
        started = loomy.process();

        Set<Long> seen = new HashSet<>();
        int together = 0;
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        // Watched for 6 s once both children run: dozens of rounds on an idle machine, each of which a child
        // per row would have restarted; on a busy one a child's first warm-up alone can take seconds.
        while (together < 120 && System.nanoTime() < until) {
            assertThat(started.isAlive()).as(loomy.stderr()).isTrue();
            List<ProcessHandle> children = started.children().filter(ProcessHandle::isAlive).toList();
            children.forEach(child -> seen.add(child.pid()));
            together += children.size() == 2 ? 1 : 0;
            Thread.sleep(50);
        }
        List<ProcessHandle> children = started.children().toList();
        assertThat(together).as("both rows' children alive together").isEqualTo(120);
        assertThat(seen).as("the child JVMs seen: one per row, kept across the rounds").hasSize(2);

        long sent = System.nanoTime();
        loomy.kill("INT");

        assertThat(started.waitFor(3, TimeUnit.SECONDS)).as("exited within 3 s; " + loomy.stderr()).isTrue();
        long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sent);
        assertThat(millis).isLessThan(3000);
        assertThat(started.exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(children).as("child JVMs").noneMatch(ProcessHandle::isAlive);
        JsonNode json = new ObjectMapper().readTree(loomy.stdout());
        assertThat(json.at("/order/mode").asText()).isEqualTo("interleaved");
        assertThat(json.at("/order/rounds").size()).isGreaterThan(5);
        for (JsonNode row : json.get("results")) {
            assertThat(row.get("raw_runs").size()).as(row.get("strategy").asText()).isGreaterThan(5);
        }
    }
}
