package dev.loomy.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;
import dev.loomy.samples.ImageSize;
import dev.loomy.samples.SampleGenerator;

/**
 * Reading (file to decoded Mat) and writing (Mat to an encoded file, atomically) one photo-like
 * image, as loomy's pipeline does them: what NoOp costs per image. The image is one of
 * {@code loomy samples}' own, so that it compresses as the benchmark data set does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CodecBenchmark {

    @Param({"1024x768"})
    public String size;

    @Param({"jpg", "png"})
    public String format;

    private Path folder;
    private Path input;
    private Path output;
    private Mat image;
    private ImageReader reader;
    private ImageWriter writer;

    @Setup
    public void setUp() throws IOException, ImageException {
        OpenCv.load();
        Core.setNumThreads(1);
        image = new SampleGenerator(7, ImageSize.parse(size)).paint(1);
        folder = Files.createTempDirectory("loomy-codec");
        input = folder.resolve("input." + format);
        output = folder.resolve("output." + format);
        reader = new ImageReader();
        writer = new ImageWriter(OneWriter.noInputs());
        writer.write(image, input);
    }

    @TearDown
    public void tearDown() throws IOException {
        image.release();
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** Read the file, check its structure, decode it. */
    @Benchmark
    public int read() throws ImageException {
        Mat decoded = reader.read(input);
        int rows = decoded.rows();
        decoded.release();
        return rows;
    }

    /** Encode, write under a temporary name, rename over the previous output. */
    @Benchmark
    public void write() throws ImageException {
        writer.write(image, output);
    }
}
