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
import dev.loomy.console.Console;
import dev.loomy.admission.Admissions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputWalker;
import dev.loomy.filter.Filter;
import dev.loomy.filter.NoOp;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.OneWriter;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategies;

class InProcessEngineTest {

    @TempDir
    Path dir;

    /** A stand-in filter named by its class, without parameters, that fails as its apply says. */
    private abstract static class Failing implements Filter {
        @Override
        public String name() {
            return getClass().getSimpleName();
        }

        @Override
        public String kind() {
            return name();
        }

        @Override
        public Map<String, Number> parameters() {
            return Map.of();
        }
    }

    /** A filter that runs the JVM out of memory, as far as its caller can tell. */
    private static final class Exhausting extends Failing {
        @Override
        public Mat apply(Mat image) {
            throw new OutOfMemoryError("Java heap space");
        }
    }

    /** A filter whose native call fails as OpenCV's binding reports a C++ exception of its own: a checked java.lang.Exception. */
    private static final class NativeAllocationFails extends Failing {
        @Override
        public Mat apply(Mat image) {
            return NativeAllocationFails.<RuntimeException>sneaky(new Exception("std::exception: std::bad_alloc"));
        }

        @SuppressWarnings("unchecked")
        private static <E extends Exception> Mat sneaky(Exception e) throws E {
            throw (E) e;
        }
    }

    /** Three 16x16 images, each of {@code filters} under each of {@code strategies}, in this JVM. */
    private List<Measurement> run(List<String> strategies, List<Filter> filters, RunControl control, ByteArrayOutputStream err)
            throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 16, 16);
        List<ImageFile> images = new InputWalker(w -> { }, w -> { }).walk(List.of(in));
        Workload workload = new Workload(strategies.stream().map(Strategies::byName).toList(), filters, images, null,
                new ImageReader(), null, 1, 2, 2, Admissions.none(), MeasureSettings.DEFAULT, OneWriter.noInputs());
        FailureLog failures = new FailureLog(new Console(new PrintStream(err, true), false));
        return new InProcessEngine(control, failures, RunListener.NONE, OneWriter.noInputs(), note -> { }).run(workload);
    }

    @Test
    void aCheckedExceptionFromNativeCodeFailsEachImageAndTheRunGoesOn() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        List<Measurement> measurements = run(List.of("loop"), List.of(new NativeAllocationFails()), new RunControl(), err);

        assertThat(measurements).singleElement().extracting(Measurement::outcome).isEqualTo(Outcome.FAILED_IMAGES);
        assertThat(measurements.get(0).runs().get(0).failed()).isEqualTo(3);
        assertThat(err.toString()).contains("out of native memory (std::exception: std::bad_alloc)");
    }

    @Test
    void anOutOfMemoryErrorCrashesItsPairOnlyAndTheOthersAreMeasured() throws Exception {
        RunControl control = new RunControl();

        List<Measurement> measurements = run(List.of("loop", "virtual"), List.of(new Exhausting(), new NoOp()), control,
                new ByteArrayOutputStream());

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
