package dev.loomy.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputWalker;
import dev.loomy.filter.Filter;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.TempFiles;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategies;

class InProcessEngineTest {

    @TempDir
    Path dir;

    /** A filter that runs the JVM out of memory, as far as its caller can tell. */
    private static final class Exhausting implements Filter {
        @Override
        public String name() {
            return "Exhausting";
        }

        @Override
        public Mat apply(Mat image) {
            throw new OutOfMemoryError("Java heap space");
        }

        @Override
        public Map<String, Number> parameters() {
            return Map.of();
        }
    }

    @Test
    void anOutOfMemoryErrorCrashesItsPairOnlyAndTheOthersAreMeasured() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 16, 16);
        List<ImageFile> images = new InputWalker(w -> { }).walk(List.of(in));
        Workload workload = new Workload(List.of(Strategies.byName("loop"), Strategies.byName("virtual")),
                List.of(new Exhausting(), new NoOp()), images, null, new ImageReader(), null, 1, 2, 2);
        RunControl control = new RunControl();
        InProcessEngine engine = new InProcessEngine(control, new FailureLog(new PrintStream(new ByteArrayOutputStream())),
                RunListener.NONE, new TempFiles(), note -> { });

        List<Measurement> measurements = engine.run(workload);

        assertThat(measurements).extracting(Measurement::strategy, Measurement::filter, Measurement::outcome).containsExactly(
                org.assertj.core.groups.Tuple.tuple("loop", "Exhausting", Outcome.CRASHED),
                org.assertj.core.groups.Tuple.tuple("loop", "NoOp", Outcome.OK),
                org.assertj.core.groups.Tuple.tuple("virtual", "Exhausting", Outcome.CRASHED),
                org.assertj.core.groups.Tuple.tuple("virtual", "NoOp", Outcome.OK));
        assertThat(measurements.get(0).note()).contains("out of memory");
        assertThat(measurements.get(1).runs()).hasSize(2);
        assertThat(measurements.get(1).runs().get(0).done()).isEqualTo(3);
        assertThat(control.interrupted()).isFalse();
    }
}
