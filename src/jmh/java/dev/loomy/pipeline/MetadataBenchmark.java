package dev.loomy.pipeline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.opencv.core.Mat;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Param;

import dev.loomy.ImageBenchmark;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.OneWriter;
import dev.loomy.samples.ImageSize;

/**
 * One photo read and written as NoOp's pipeline does it, keeping its metadata ({@code all}) or not
 * ({@code none}): what {@code --keep-metadata} costs per image. The photo is one of {@code loomy
 * samples}' own with what a camera and an editor add, written by exiftool (which must be installed):
 * EXIF with a thumbnail, the sRGB profile of 3 KB, XMP.
 */
@Fork(value = 2, jvmArgsAppend = "--enable-native-access=ALL-UNNAMED")
public class MetadataBenchmark extends ImageBenchmark {

    @Param({"1024x768"})
    public String size;

    @Param({"jpg", "png"})
    public String format;

    @Param({"none", "all"})
    public String keep;

    private Path input;
    private Path output;
    private ImageReader reader;
    private ImageWriter writer;

    @Override
    protected void prepare() throws IOException, ImageException, InterruptedException {
        Mat image = sample(ImageSize.parse(size));
        Path folder = folder("loomy-metadata");
        input = folder.resolve("input." + format);
        output = folder.resolve("output." + format);
        writer = new ImageWriter(OneWriter.noInputs());
        writer.write(image, input);
        image.release();
        Path thumbnail = folder.resolve("thumbnail.jpg");
        Mat small = sample(new ImageSize(160, 120));
        writer.write(small, thumbnail);
        small.release();
        Path profile = Files.write(folder.resolve("srgb.icc"),
                java.awt.color.ICC_Profile.getInstance(java.awt.color.ColorSpace.CS_sRGB).getData());
        Process exiftool = new ProcessBuilder("exiftool", "-q", "-overwrite_original", "-EXIF:Make=Acme",
                "-EXIF:Model=Field 7", "-EXIF:DateTimeOriginal=2024:05:06 07:08:09", "-GPSLatitude=48.8566",
                "-GPSLatitudeRef=N", "-XMP-dc:Title=Evening light", "-ICC_Profile<=" + profile,
                "-ThumbnailImage<=" + thumbnail, input.toString()).inheritIO().start();
        if (exiftool.waitFor() != 0) {
            throw new IOException("exiftool failed (Debian: apt-get install libimage-exiftool-perl)");
        }
        reader = new ImageReader(java.time.Duration.ZERO, true, KeepMetadata.parse(keep));
    }

    /** Read, check, decode with the metadata kept; encode, join the metadata in, write, rename. */
    @Benchmark
    public int copy() throws ImageException {
        ImageReader.Decoded decoded = reader.decode(input, warning -> { });
        try {
            writer.write(decoded.image(), output, decoded.metadata());
            return decoded.image().rows();
        } finally {
            decoded.image().release();
        }
    }
}
