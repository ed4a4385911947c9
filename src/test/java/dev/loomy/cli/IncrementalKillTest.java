package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.manifest.RecordedOutputs;
import dev.loomy.run.ExitCodes;

/**
 * A run killed with SIGKILL part way, then run again with {@code --incremental}: every output
 * complete, and only those the first run did not record are done again. While the first runs, a
 * second run into the same folder is refused.
 */
@Slow
class IncrementalKillTest {

    private static final int IMAGES = 120;

    @TempDir
    Path dir;

    private Process started;

    @AfterEach
    void end() {
        if (started != null) {
            started.destroyForcibly();
        }
    }

    @Test
    void aKilledRunIsFinishedByTheNextAndOnlyWhatItDidNotRecordIsDoneAgain() throws Exception {
        Path input = dir.resolve("in");
        Path out = dir.resolve("out");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("img%02d.png", i)), 48, 32, i);
        }
        LoomyProcess first = LoomyProcess.start(dir, List.of(), "-f", "Canny", "-s", "pool", "--parallelism=2",
                "--io-latency=150ms", "--incremental", "--quiet", "-o", out.toString(), input.toString());
        started = first.process();
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (RecordedOutputs.of(out).size() < 10 && first.process().isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(first.process().isAlive()).as(first.stderr()).isTrue();

        Cli second = Cli.run("-f", "Canny", "--incremental", "--quiet", "-o", out.toString(), input.toString());
        assertThat(second.status()).as(second.out() + second.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(second.err().strip().lines()).hasSize(1);
        assertThat(second.err()).contains("another loomy run is writing into this folder");

        first.process().destroyForcibly().waitFor();
        Set<String> before = RecordedOutputs.of(out);
        assertThat(before.size()).isBetween(10, IMAGES - 1);

        Cli rest = Cli.run("-f", "Canny", "--incremental", "--format=csv", "--quiet", "-o", out.toString(),
                input.toString());
        assertThat(rest.status()).as(rest.err()).isEqualTo(ExitCodes.OK);
        String[] lines = rest.out().split("\n");
        List<String> names = List.of(lines[0].split(","));
        String[] values = lines[1].split(",", -1);
        assertThat(Integer.parseInt(values[names.indexOf("images")])).isEqualTo(IMAGES - before.size());
        assertThat(Integer.parseInt(values[names.indexOf("skipped")])).isEqualTo(before.size());
        assertThat(RecordedOutputs.of(out)).hasSize(IMAGES);

        RecordedOutputs.assertComplete(out, IMAGES);
    }
}
