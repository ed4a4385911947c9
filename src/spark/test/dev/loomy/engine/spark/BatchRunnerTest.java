package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.filter.NoOp;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.results.ImageTiming;
import dev.loomy.run.RunConfig;
import dev.loomy.run.TestConfigs;

/** One task's work as an executor does it, outside Spark: what it sends back to the driver. */
class BatchRunnerTest {

    @TempDir
    Path dir;

    @Test
    void anInputTheExecutorCannotSeeIsAFailedImageNamingTheHost() throws InterruptedException {
        Path seen = TestImages.write(dir.resolve("in/seen.png"), 32, 24, 1);
        Path unseen = dir.resolve("in/elsewhere.png");
        Batch batch = new Batch(0, List.of(
                new Batch.Item(5, seen.toString(), dir.resolve("out/seen.png").toString()),
                new Batch.Item(6, unseen.toString(), dir.resolve("out/elsewhere.png").toString())));

        BatchResult result = BatchRunner.run(work(), batch);

        assertThat(result.timings()).extracting(BatchResult.Timing::index, BatchResult.Timing::status)
                .containsExactlyInAnyOrder(tuple(5, ImageTiming.Status.DONE),
                        tuple(6, ImageTiming.Status.FAILED));
        assertThat(result.failures()).singleElement().satisfies(failure -> {
            assertThat(failure.file()).isEqualTo(unseen.toString());
            assertThat(failure.reason()).contains("cannot be seen from executor host " + BatchRunner.host());
        });
        assertThat(dir.resolve("out/seen.png")).exists();
        assertThat(dir.resolve("out/elsewhere.png")).doesNotExist();
    }

    @Test
    void aTaskReturnsTheRecordsOfTheOutputsItPutInPlaceAndOfNoOther() throws Exception {
        Path done = TestImages.write(dir.resolve("in/a/done.png"), 32, 24, 1);
        Path broken = Files.write(dir.resolve("in/broken.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 1, 2});
        Path out = dir.resolve("out");
        Batch batch = new Batch(0, List.of(
                new Batch.Item(0, done.toString(), out.resolve("a/done.png").toString()),
                new Batch.Item(1, broken.toString(), out.resolve("broken.png").toString())));
        Work base = work();

        BatchResult result = BatchRunner.run(base.recorded(out.toString(), "sha256:test"), batch);

        assertThat(result.records()).singleElement().isEqualTo(new ManifestRecord("a/done.png", done.toString(),
                Files.size(done), Files.getLastModifiedTime(done).toMillis(), "sha256:test", ManifestRecord.VERSION,
                Files.size(out.resolve("a/done.png"))));
        assertThat(BatchRunner.run(base, batch).records()).isEmpty();
    }

    @Test
    void aTaskWithImagesBehindUrisHoldsTwoPerThreadUnderAuto() {
        Batch paths = new Batch(0, List.of(new Batch.Item(0, "/in/a.png", null)));
        Batch uris = new Batch(1, List.of(new Batch.Item(0, "/in/a.png", null), new Batch.Item(1, "file:/in/b.png", null)));

        assertThat(BatchRunner.limit(new InFlightLimit.Auto(), paths, 3)).isEqualTo(new InFlightLimit.Auto());
        assertThat(BatchRunner.limit(new InFlightLimit.Auto(), uris, 3)).isEqualTo(new InFlightLimit.Images(6));
        assertThat(BatchRunner.limit(new InFlightLimit.Images(1), uris, 3)).isEqualTo(new InFlightLimit.Images(1));
    }

    private static Work work() {
        RunConfig config = TestConfigs.noWrite(List.of(), List.of(), List.of("loop"), List.of(new NoOp()),
                Duration.ZERO, 0, 1, 1, false);
        return new Work(config.toJson(), "loop", "NoOp", -1);
    }
}
