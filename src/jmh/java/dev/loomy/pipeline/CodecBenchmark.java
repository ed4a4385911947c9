package dev.loomy.pipeline;

import java.io.IOException;
import java.nio.file.Path;

import org.opencv.core.Mat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;

import dev.loomy.ImageBenchmark;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.samples.ImageSize;

/**
 * Reading (file to decoded Mat) and writing (Mat to an encoded file, atomically) one photo-like
 * image, as loomy's pipeline does them: what NoOp costs per image. The image is one of
 * {@code loomy samples}' own, so that it compresses as the benchmark data set does.
 */
public class CodecBenchmark extends ImageBenchmark {

    @Param({"1024x768"})
    public String size;

    @Param({"jpg", "png"})
    public String format;

    private Path input;
    private Path output;
    private Mat image;
    private ImageReader reader;
    private ImageWriter writer;

    @Override
    protected void prepare() throws IOException, ImageException {
        image = held(sample(ImageSize.parse(size)));
        Path folder = folder("loomy-codec");
        input = folder.resolve("input." + format);
        output = folder.resolve("output." + format);
        reader = new ImageReader();
        writer = new ImageWriter(OneWriter.noInputs());
        writer.write(image, input);
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
