package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
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
        Batch split = Batch.split(List.of(new ImageFile(seen, seen.getFileName()),
                new ImageFile(unseen, unseen.getFileName())).iterator(), 2, 1).getFirst();
        Batch batch = new Batch(0, new int[] {5, 6}, split.shared(), split.lines(), split.depths());

        BatchResult result = BatchRunner.run(work(dir.resolve("out")), batch);

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
        Batch batch = Batch.split(List.of(new ImageFile(done, Path.of("a/done.png")),
                new ImageFile(broken, broken.getFileName())).iterator(), 2, 1).getFirst();
        Work base = work(out);

        BatchResult result = BatchRunner.run(base.recorded(out.toString(), "sha256:test"), batch);

        assertThat(result.records()).singleElement().isEqualTo(new ManifestRecord("a/done.png", done.toString(),
                Files.size(done), Files.getLastModifiedTime(done).toMillis(), "sha256:test", ManifestRecord.VERSION,
                Files.size(out.resolve("a/done.png"))));
        assertThat(BatchRunner.run(base, batch).records()).isEmpty();
    }

    @Test
    void aTaskWithImagesBehindUrisHoldsTwoPerThreadUnderAuto() {
        ImageFile a = new ImageFile(Path.of("/in/a.png"), Path.of("a.png"));
        ImageFile b = new ImageFile(Path.of("/in/b.png"), Path.of("b.png"), "file:/in/b.png");
        Batch paths = Batch.split(List.of(a).iterator(), 1, 1).getFirst();
        Batch uris = Batch.split(List.of(a, b).iterator(), 2, 1).getFirst();

        assertThat(BatchRunner.limit(InFlightLimit.Named.AUTO, paths, 3)).isEqualTo(InFlightLimit.Named.AUTO);
        assertThat(BatchRunner.limit(InFlightLimit.Named.AUTO, uris, 3)).isEqualTo(new InFlightLimit.Images(6));
        assertThat(BatchRunner.limit(new InFlightLimit.Images(1), uris, 3)).isEqualTo(new InFlightLimit.Images(1));
    }

    private static Work work(Path output) {
        RunConfig made = TestConfigs.forked(List.of(), List.of(), List.of("loop"), List.of(new NoOp()));
        RunConfig config = TestConfigs.writingTo(made.withExecution(made.execution().withParallelism(1)), output);
        return new Work(config.toJson(), Batch.line(output), "loop", "NoOp", -1);
    }
}
