package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import java.util.zip.Deflater;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import dev.loomy.Slow;
import dev.loomy.opencv.OpenCv;

/** An input's EXIF, ICC profile and XMP in its output, made and checked by libraries other than loomy ({@link TaggedImages}). */
@Slow
class MetadataTest {

    private static final String[] TAGS = {"-EXIF:Make=Acme", "-Model=Field 7", "-DateTimeOriginal=2024:05:06 07:08:09",
        "-GPSLatitude=48.8566", "-GPSLatitudeRef=N", "-XMP-dc:Title=Evening light", "-XMP-dc:Creator=A. Person"};

    @TempDir
    Path dir;

    @BeforeAll
    static void load() {
        OpenCv.load();
    }

    /** {@code name} made by ImageIO, with EXIF, XMP and the sRGB profile written in, and {@code more}. */
    private Path tagged(String name, String... more) throws Exception {
        Path file = TaggedImages.image(dir.resolve(name), 64, 32);
        List<String> tags = new ArrayList<>(List.of(TAGS));
        tags.add("-ICC_Profile<=" + TaggedImages.srgbProfile(dir));
        tags.addAll(List.of(more));
        TaggedImages.write(file, tags.toArray(String[]::new));
        return file;
    }

    /** {@code input} read and written to {@code output} as loomy's pipeline does, keeping {@code keep}. */
    private static Mat copy(Path input, Path output, KeepMetadata keep, List<String> warnings) throws Exception {
        ImageReader.Decoded decoded = new ImageReader(Duration.ZERO, true, keep).decode(input, warnings::add);
        new ImageWriter(OneWriter.noInputs()).write(decoded.image(), output, decoded.metadata());
        return decoded.image();
    }

    private static Mat copy(Path input, Path output, KeepMetadata keep) throws Exception {
        List<String> warnings = new ArrayList<>();
        Mat image = copy(input, output, keep, warnings);
        assertThat(warnings).isEmpty();
        return image;
    }

    /** The blocks named are in both, the same; the others are not in {@code output}. */
    private static void assertKept(TaggedImages.Read input, TaggedImages.Read output, String... kept) {
        for (String block : List.of("EXIF", "ICC_Profile", "XMP")) {
            if (List.of(kept).contains(block)) {
                assertThat(input.block(block)).as(block).isNotEmpty();
                assertThat(output.block(block)).as(block).isEqualTo(input.block(block));
            } else {
                assertThat(output.block(block)).as(block).isEmpty();
            }
        }
    }

    @Test
    void aJpegAndAPngKeepTheirExifProfileAndXmpByteForByte() throws Exception {
        for (String name : List.of("photo.jpg", "photo.png")) {
            Path input = tagged(name);
            Path output = dir.resolve("out").resolve(name);
            copy(input, output, KeepMetadata.ALL);
            TaggedImages.Read written = TaggedImages.read(output, "Model", "Title");
            assertKept(TaggedImages.read(input), written, "EXIF", "ICC_Profile", "XMP");
            assertThat(written.tag("Model")).isEqualTo("Field 7");
            assertThat(written.tag("Title")).isEqualTo("Evening light");
            // Read back by loomy's strict reader: every PNG chunk's CRC, every JPEG segment's length right.
            assertThat(new ImageReader().read(output).size()).isEqualTo(new org.opencv.core.Size(64, 32));
        }
    }

    @Test
    void anImageTurnedUprightSaysOrientation1AndKeepsTheRestOfItsExif() throws Exception {
        for (String name : List.of("turned.jpg", "turned.png")) {
            Path input = tagged(name, "-Orientation#=6");
            Path output = dir.resolve("out").resolve(name);
            Mat image = copy(input, output, KeepMetadata.ALL);
            assertThat(image.size()).as("decoded upright").isEqualTo(new org.opencv.core.Size(32, 64));
            TaggedImages.Read before = TaggedImages.read(input, "Orientation");
            TaggedImages.Read after = TaggedImages.read(output, "Orientation");
            assertThat(before.tag("Orientation")).isEqualTo("6");
            assertThat(after.tag("Orientation")).isEqualTo("1");
            assertThat(new ImageReader().read(output).size()).as("read upright, not turned again")
                    .isEqualTo(new org.opencv.core.Size(32, 64));
            assertThat(after.block("EXIF")).hasSameSizeAs(before.block("EXIF"));
            assertThat(differences(before.block("EXIF"), after.block("EXIF"))).as("only the orientation's byte").hasSize(1);
            for (String block : List.of("ICC_Profile", "XMP")) {
                assertThat(after.block(block)).as(block).isNotEmpty().isEqualTo(before.block(block));
            }
        }
    }

    private static List<Integer> differences(byte[] a, byte[] b) {
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < Math.min(a.length, b.length); i++) {
            if (a[i] != b[i]) {
                at.add(i);
            }
        }
        return at;
    }

    @Test
    void keepMetadataChoosesWhatGoes() throws Exception {
        for (String name : List.of("photo.jpg", "photo.png")) {
            Path input = tagged(name);
            TaggedImages.Read read = TaggedImages.read(input);
            Map<KeepMetadata, String[]> kept = Map.of(KeepMetadata.ICC, new String[] {"ICC_Profile"},
                    KeepMetadata.EXIF, new String[] {"EXIF"}, KeepMetadata.NONE, new String[0]);
            for (Map.Entry<KeepMetadata, String[]> keep : kept.entrySet()) {
                Path output = dir.resolve(keep.getKey().name()).resolve(name);
                copy(input, output, keep.getKey());
                assertKept(read, TaggedImages.read(output), keep.getValue());
            }
        }
    }

    @Test
    void anOutputInAnotherFormatKeepsNothing() throws Exception {
        Path input = tagged("photo.jpg");
        Path output = dir.resolve("out").resolve("photo.png");
        copy(input, output, KeepMetadata.ALL);
        assertKept(TaggedImages.read(input), TaggedImages.read(output));
    }

    /** {@code name} made by ImageIO, with an EXIF and {@code profile} written in. */
    private Path withProfile(String name, byte[] profile) throws Exception {
        Path input = TaggedImages.image(dir.resolve(name), 64, 32);
        TaggedImages.write(input, "-EXIF:Make=Acme", "-ICC_Profile<=" + Files.write(dir.resolve(name + ".icc"), profile));
        assertThat(TaggedImages.read(input).block("ICC_Profile")).as("written").isEqualTo(profile);
        return input;
    }

    @Test
    void aProfileForOtherColoursThanTheOutputsIsLeftOut() throws Exception {
        byte[] cmyk = Files.readAllBytes(TaggedImages.srgbProfile(dir));
        System.arraycopy("CMYK".getBytes(StandardCharsets.US_ASCII), 0, cmyk, 16, 4);
        for (String name : List.of("cmyk.jpg", "cmyk.png")) {
            Path input = withProfile(name, cmyk);
            TaggedImages.Read read = TaggedImages.read(input);
            Path output = dir.resolve("out").resolve(name);
            copy(input, output, KeepMetadata.ALL);
            assertKept(read, TaggedImages.read(output), "EXIF");
        }
        // An RGB profile on a gray output: left out too.
        Path input = tagged("gray.png");
        ImageReader.Decoded decoded = new ImageReader(Duration.ZERO, true, KeepMetadata.ALL).decode(input, w -> { });
        Mat gray = new Mat();
        Imgproc.cvtColor(decoded.image(), gray, Imgproc.COLOR_BGR2GRAY);
        Path output = dir.resolve("out").resolve("gray.png");
        new ImageWriter(OneWriter.noInputs()).write(gray, output, decoded.metadata());
        assertKept(TaggedImages.read(input), TaggedImages.read(output), "EXIF", "XMP");
    }

    @Test
    void metadataBeyondTheLimitIsLeftOutWithAWarning() throws Exception {
        // A profile of 1.5 MB that does not compress: a hostile one, or a printer's.
        byte[] big = new byte[1_500_000];
        new Random(5).nextBytes(big);
        byte[] srgb = Files.readAllBytes(TaggedImages.srgbProfile(dir));
        System.arraycopy(srgb, 0, big, 0, 128);
        ByteBuffer.wrap(big).putInt(0, big.length);
        for (String name : List.of("big.jpg", "big.png")) {
            Path input = withProfile(name, big);
            TaggedImages.Read read = TaggedImages.read(input);
            Path output = dir.resolve("out").resolve(name);
            List<String> warnings = new ArrayList<>();
            copy(input, output, KeepMetadata.ALL, warnings);
            assertThat(warnings).singleElement().asString().startsWith("metadata not kept: ")
                    .contains("more than the 1048576 loomy keeps of an image");
            assertKept(read, TaggedImages.read(output));
            // The same file, asked for its EXIF alone, keeps it.
            Path exif = dir.resolve("exif").resolve(name);
            copy(input, exif, KeepMetadata.EXIF);
            assertKept(read, TaggedImages.read(exif), "EXIF");
        }
    }

    @Test
    void aCompressedProfileIsNeverInflatedBeyondItsHeader() throws Exception {
        // 200 MB of zeros deflated to about 200 KB: a decompression bomb in an iCCP chunk.
        Deflater deflater = new Deflater(9);
        ByteArrayOutputStream stream = new ByteArrayOutputStream();
        byte[] zeros = new byte[1 << 20];
        byte[] buffer = new byte[1 << 16];
        for (int i = 0; i < 200; i++) {
            deflater.setInput(zeros);
            while (!deflater.needsInput()) {
                stream.write(buffer, 0, deflater.deflate(buffer));
            }
        }
        deflater.finish();
        while (!deflater.finished()) {
            stream.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        ByteArrayOutputStream data = new ByteArrayOutputStream();
        data.writeBytes("bomb\0\0".getBytes(StandardCharsets.US_ASCII));
        data.writeBytes(stream.toByteArray());
        Path input = Files.write(dir.resolve("bomb.png"), withChunk(png(), "iCCP", data.toByteArray()));
        Path output = dir.resolve("out").resolve("bomb.png");
        copy(input, output, KeepMetadata.ALL, new ArrayList<>());
        // Its first 20 bytes say no colour space: left out.
        assertThat(TaggedImages.read(output).block("ICC_Profile")).isEmpty();
    }

    @Test
    void anExifThatCannotBeReadIsCopiedAsItIs() throws Exception {
        // IFD0 said to lie far beyond the block's end: no orientation can be found, and none is changed.
        byte[] tiff = {'M', 'M', 0, 42, 0x7F, 0, 0, 0, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0};
        byte[] jpeg = Files.readAllBytes(TaggedImages.image(dir.resolve("plain.jpg"), 64, 32));
        int length = 2 + 6 + tiff.length;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, 2);
        out.writeBytes(new byte[] {(byte) 0xFF, (byte) 0xE1, 0, (byte) length, 'E', 'x', 'i', 'f', 0, 0});
        out.writeBytes(tiff);
        out.write(jpeg, 2, jpeg.length - 2);
        Path input = Files.write(dir.resolve("broken.jpg"), out.toByteArray());
        Path output = dir.resolve("out").resolve("broken.jpg");
        ImageReader.Decoded decoded = new ImageReader(Duration.ZERO, true, KeepMetadata.ALL).decode(input, w -> { });
        new ImageWriter(OneWriter.noInputs()).write(decoded.image(), output, decoded.metadata());
        byte[] written = Files.readAllBytes(output);
        assertThat(indexOf(written, out.toByteArray(), 2, 10 + tiff.length)).as("the APP1 segment, unchanged").isPositive();
    }

    private static int indexOf(byte[] haystack, byte[] source, int from, int length) {
        byte[] needle = Arrays.copyOfRange(source, from, from + length);
        for (int i = 0; i + needle.length <= haystack.length; i++) {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length)) {
                return i;
            }
        }
        return -1;
    }

    private static byte[] png() {
        Mat image = new Mat(32, 64, org.opencv.core.CvType.CV_8UC3, new org.opencv.core.Scalar(10, 200, 30));
        MatOfByte bytes = new MatOfByte();
        Imgcodecs.imencode(".png", image, bytes);
        return bytes.toArray();
    }

    /** {@code png} with a chunk of {@code type} and {@code data}, its CRC right, after IHDR. */
    private static byte[] withChunk(byte[] png, String type, byte[] data) {
        ByteBuffer chunk = ByteBuffer.allocate(12 + data.length).putInt(data.length)
                .put(type.getBytes(StandardCharsets.US_ASCII)).put(data);
        CRC32 crc = new CRC32();
        crc.update(chunk.array(), 4, 4 + data.length);
        chunk.putInt((int) crc.getValue());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, 33);
        out.writeBytes(chunk.array());
        out.write(png, 33, png.length - 33);
        return out.toByteArray();
    }
}
