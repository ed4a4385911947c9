package dev.loomy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;
import dev.loomy.samples.ImageSize;
import dev.loomy.samples.SampleGenerator;

/**
 * What the benchmarks of images share. Their settings: the average time of a call in milliseconds,
 * one fork with native access, 3 warm-ups and 5 measurements of 2 s each (JMH reads a superclass's
 * annotations; a subclass states only the one it changes, which replaces it whole). Their set-up:
 * OpenCV loaded, with one thread per call as loomy runs by default ({@code --cv-threads=1}), before
 * {@link #prepare}. Their tear-down: every Mat {@link #held} released, the {@link #folder} deleted.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public abstract class ImageBenchmark {

    private final MatScope held = new MatScope();
    private Path folder;

    @Setup(Level.Trial)
    public final void setUp() throws Exception {
        OpenCv.load();
        Core.setNumThreads(1);
        prepare();
    }

    /** Makes what the benchmark works on, once a trial, OpenCV loaded; its @Param fields are set. */
    protected abstract void prepare() throws Exception;

    @TearDown(Level.Trial)
    public final void tearDown() throws IOException {
        held.close();
        if (folder != null) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(path);
                }
            }
        }
    }

    /** {@code mat}, released after the trial. */
    protected final <M extends Mat> M held(M mat) {
        return held.add(mat);
    }

    /** The trial's temporary folder, made on the first call; deleted with what it holds after the trial. */
    protected final Path folder(String prefix) throws IOException {
        if (folder == null) {
            folder = Files.createTempDirectory(prefix);
        }
        return folder;
    }

    /**
     * An image of {@code loomy samples}' own at {@code size} (its seed 7, image 1): what compresses as
     * the benchmark data set does. The caller releases it.
     */
    protected static Mat sample(ImageSize size) {
        return new SampleGenerator(7, size).paint(1);
    }
}
