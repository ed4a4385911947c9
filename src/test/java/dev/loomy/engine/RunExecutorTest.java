package dev.loomy.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.admission.Admission;
import dev.loomy.console.Console;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.manifest.Incremental;
import dev.loomy.manifest.ManifestIndex;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.ImageJob;
import dev.loomy.strategy.ImageJobs;
import dev.loomy.strategy.Strategy;

/** One run over images of which some are up to date ({@code --incremental}). */
class RunExecutorTest {

    @TempDir
    Path dir;

    /** A strategy that runs its jobs one after the other, keeping each image it was handed. */
    private static final class Handed implements Strategy {

        final List<ImageJob> jobs = new ArrayList<>();

        @Override
        public String name() {
            return "loop";
        }

        @Override
        public String description() {
            return "keeps what it is handed";
        }

        @Override
        public void run(ImageJobs all, int parallelism) {
            for (ImageJob job = all.next(); job != null; job = all.next()) {
                jobs.add(job);
                job.submitted().run();
            }
        }
    }

    @Test
    void upToDateImagesAreCountedWithoutBeingHandedToTheStrategy() throws Exception {
        Path out = Files.createDirectories(dir.resolve("out"));
        ManifestIndex index = new ManifestIndex();
        Incremental incremental = new Incremental(out, index, "sha256:one", index::put, true);
        List<ImagePaths> images = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Path input = TestImages.write(dir.resolve("in/img" + i + ".png"), 16, 12, i);
            Path output = out.resolve("img" + i + ".png");
            images.add(new ImagePaths(new ImageFile(input, input.getFileName()), output));
            if (i % 3 != 0) {
                // Made by an earlier run and recorded: up to date.
                Files.copy(input, output);
                incremental.made(input, Incremental.look(input), output);
            }
        }
        ImagePipeline pipeline = new ImagePipeline(new ImageReader(), new NoOp(),
                new ImageWriter(OneWriter.noInputs()), Admission.none(), incremental);
        FailureLog failures = new FailureLog(new Console(new PrintStream(new ByteArrayOutputStream(), true), false));
        Handed strategy = new Handed();

        RunRecord run = new RunExecutor(new RunControl(), failures, RunListener.NONE)
                .run(strategy, pipeline, images, 1, "loop / NoOp");

        assertThat(strategy.jobs).as("only the two images not up to date become jobs").hasSize(2);
        assertThat(run.upToDate()).isEqualTo(4);
        assertThat(run.done()).isEqualTo(2);
        assertThat(run.skipped()).isZero();
        assertThat(out.resolve("img0.png")).exists();
        assertThat(out.resolve("img3.png")).exists();
    }
}
