package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** A bad image is one line of loomy's, naming the file: never the native decoder's own lines before it. */
@Slow
class NativeMessagesTest {

    @TempDir
    Path dir;

    private static byte[] chunk(String type, byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(type.getBytes());
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length).putInt(data.length).put(type.getBytes()).put(data)
                .putInt((int) crc.getValue()).array();
    }

    /** A PNG whose header, with a correct CRC, announces 0x0 pixels. */
    private static byte[] emptyPng() throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10});
        png.write(chunk("IHDR", ByteBuffer.allocate(13).putInt(0).putInt(0).put((byte) 8).put((byte) 2).array()));
        png.write(chunk("IDAT", new byte[] {0x78, (byte) 0x9C, 3, 0, 0, 0, 0, 1}));
        png.write(chunk("IEND", new byte[0]));
        return png.toByteArray();
    }

    private static byte[] deflated(byte[] data) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (DeflaterOutputStream deflater = new DeflaterOutputStream(out)) {
            deflater.write(data);
        }
        return out.toByteArray();
    }

    /** An 8x6 RGB PNG of a gradient, with {@code chunks} between its header and its data. */
    private static byte[] png(byte[]... chunks) throws Exception {
        return pngEndingWith(new byte[0], chunks);
    }

    /** The same, with {@code after} between its data and its end. */
    private static byte[] pngEndingWith(byte[] after, byte[]... chunks) throws Exception {
        return built(header(2, 8), after, chunk("IEND", new byte[0]), chunks);
    }

    /** The header of an 8x6 PNG of colour type {@code colourType} and {@code depth} bits. */
    private static byte[] header(int colourType, int depth) {
        return chunk("IHDR", ByteBuffer.allocate(13).putInt(8).putInt(6).put((byte) depth).put((byte) colourType).array());
    }

    /** The 8x6 gradient's data: RGB, or one byte per pixel for {@code gray}. */
    private static byte[] data(boolean gray) throws Exception {
        ByteArrayOutputStream rows = new ByteArrayOutputStream();
        for (int y = 0; y < 6; y++) {
            rows.write(0);
            for (int x = 0; x < 8; x++) {
                rows.write(gray ? new byte[] {(byte) (x + 8 * y)} : new byte[] {(byte) (30 * x), (byte) (40 * y),
                        (byte) (x * y)});
            }
        }
        return chunk("IDAT", deflated(rows.toByteArray()));
    }

    /** {@code header}, {@code chunks}, the gradient's data, {@code after}, then {@code end}. */
    private static byte[] built(byte[] header, byte[] after, byte[] end, byte[]... chunks) throws Exception {
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10});
        png.write(header);
        for (byte[] chunk : chunks) {
            png.write(chunk);
        }
        // Gray and a palette's indices: one byte per pixel.
        png.write(data((header[17] & 2) == 0 || header[17] == 3));
        png.write(after);
        png.write(end);
        return png.toByteArray();
    }

    private LoomyProcess loomy(String... args) throws Exception {
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), args);
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        return loomy;
    }

    /** The chunks of type {@code type} in the PNG {@code file}, each its data. */
    private static List<byte[]> chunks(Path file, String type) throws Exception {
        ByteBuffer png = ByteBuffer.wrap(Files.readAllBytes(file));
        List<byte[]> found = new java.util.ArrayList<>();
        for (int i = 8; i + 12 <= png.capacity(); ) {
            int length = png.getInt(i);
            if (new String(png.array(), i + 4, 4, java.nio.charset.StandardCharsets.ISO_8859_1).equals(type)) {
                found.add(java.util.Arrays.copyOfRange(png.array(), i + 8, i + 8 + length));
            }
            i += 12 + length;
        }
        return found;
    }

    @Test
    void colourChunksLibpngDislikesAreOneLineOfLoomysNamingTheFileAndThePixelsStay() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        Files.write(in.resolve("plain.png"), png());
        // An ICC profile of 200 zero bytes, whose header says 0, and a gamma of 0: libpng warns about both.
        ByteArrayOutputStream profile = new ByteArrayOutputStream();
        profile.write(new byte[] {'x', 0, 0});
        profile.write(deflated(new byte[200]));
        Path bad = Files.write(in.resolve("bad.png"), png(chunk("gAMA", new byte[4]), chunk("iCCP",
                profile.toByteArray())));
        // Sound ones, which libpng takes without a word.
        Files.write(in.resolve("sound.png"), png(chunk("gAMA", ByteBuffer.allocate(4).putInt(45455).array()),
                chunk("sRGB", new byte[] {0})));
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork", "--quiet",
                "--format=table", "-o", out.toString(), in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(loomy.stderr().lines().toList()).singleElement().asString().isEqualTo("loomy: " + bad
                + ": warning: bad colour information, which loomy does not use: gAMA: gamma value out of range (0); "
                + "iCCP: profile too short (0 bytes)");
        // The decoder saw the same pixels in all three.
        byte[] plain = Files.readAllBytes(out.resolve("plain.png"));
        assertThat(Files.readAllBytes(out.resolve("bad.png"))).isEqualTo(plain);
        assertThat(Files.readAllBytes(out.resolve("sound.png"))).isEqualTo(plain);
    }

    @Test
    void otherAncillaryChunksLibpngDislikesAreNoLineOfLibpngsAndAnIgnoredTransparencyIsOneOfLoomys() throws Exception {
        Path in = dir.resolve("in");
        Files.createDirectories(in);
        Files.write(in.resolve("plain.png"), png());
        // Each of these made libpng print "libpng warning: <type>: invalid" on its own.
        Files.write(in.resolve("background.png"), png(chunk("bKGD", new byte[] {0, 1})));
        Files.write(in.resolve("density.png"), png(chunk("pHYs", new byte[] {0, 0, 0, 1})));
        Files.write(in.resolve("bits.png"), png(chunk("sBIT", new byte[] {0, 0, 0})));
        Files.write(in.resolve("time.png"), pngEndingWith(chunk("tIME", new byte[3])));
        Files.write(in.resolve("text.png"), png(chunk("tEXt", "Title\0a cat".getBytes())));
        // A transparency of 3 bytes for an RGB image, which needs 6: libpng ignores it, and says so.
        Path transparency = Files.write(in.resolve("transparency.png"), png(chunk("tRNS", new byte[] {0, 1, 2})));
        Path out = dir.resolve("out");

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork", "--quiet",
                "--format=table", "--keep-metadata=none", "-o", out.toString(), in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(loomy.stderr().lines().toList()).singleElement().asString().isEqualTo("loomy: " + transparency
                + ": warning: ignored, as libpng would: tRNS: invalid");
        byte[] plain = Files.readAllBytes(out.resolve("plain.png"));
        for (String name : List.of("background", "density", "bits", "time", "text", "transparency")) {
            assertThat(Files.readAllBytes(out.resolve(name + ".png"))).as(name).isEqualTo(plain);
        }
    }

    @Test
    void aPngOfZeroPixelsIsOneLineOfLoomysAndNoLineOfLibpngs() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("good.png"), 16, 12, 1);
        Path empty = Files.write(in.resolve("zero.png"), emptyPng());

        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork", "--no-write",
                "--quiet", in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(loomy.stderr().lines().toList()).singleElement().asString()
                .isEqualTo("loomy: " + empty + ": corrupt PNG: its header announces a 0x0 image");
    }

    @Test
    void criticalChunksLibpngRefusesAreOneLineOfLoomysNamingTheFile() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.write(in.resolve("plain.png"), png());
        byte[] end = chunk("IEND", new byte[0]);
        byte[] palette = chunk("PLTE", new byte[48]);
        java.util.Map<String, byte[]> bad = new java.util.LinkedHashMap<>();
        bad.put("unknown-critical.png", png(chunk("ABCD", new byte[] {1, 2, 3})));
        bad.put("unknown-critical-late.png", pngEndingWith(chunk("QxYZ", new byte[0])));
        bad.put("reserved-bit.png", png(chunk("IDaT", new byte[2])));
        bad.put("two-headers.png", png(header(2, 8)));
        bad.put("header-after-data.png", pngEndingWith(header(2, 8)));
        bad.put("short-header.png", built(chunk("IHDR", ByteBuffer.allocate(12).putInt(8).putInt(6)
                .put((byte) 8).put((byte) 2).array()), new byte[0], end));
        bad.put("depth-7.png", built(header(2, 7), new byte[0], end));
        bad.put("colour-type-5.png", built(header(5, 8), new byte[0], end));
        bad.put("interlace-3.png", built(chunk("IHDR", ByteBuffer.allocate(13).putInt(8).putInt(6).put((byte) 8)
                .put((byte) 2).put((byte) 0).put((byte) 0).put((byte) 3).array()), new byte[0], end));
        bad.put("two-palettes.png", built(header(3, 8), new byte[0], end, palette, palette));
        bad.put("no-palette.png", built(header(3, 8), new byte[0], end));
        bad.put("palette-of-7.png", built(header(3, 8), new byte[0], end, chunk("PLTE", new byte[7])));
        bad.put("empty-palette.png", png(chunk("PLTE", new byte[0])));
        bad.put("too-wide.png", built(chunk("IHDR", ByteBuffer.allocate(13).putInt(1_000_001).putInt(1).put((byte) 8)
                .put((byte) 2).array()), new byte[0], end));
        bad.put("end-before-data.png", png(end));
        ByteArrayOutputStream notZlib = new ByteArrayOutputStream();
        notZlib.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10});
        notZlib.write(header(2, 8));
        notZlib.write(chunk("IDAT", "garbage!".getBytes()));
        notZlib.write(end);
        bad.put("not-zlib.png", notZlib.toByteArray());
        for (var file : bad.entrySet()) {
            Files.write(in.resolve(file.getKey()), file.getValue());
        }

        LoomyProcess loomy = loomy("-s", "loop", "-f", "NoOp", "--no-fork", "--no-write", "--quiet", "--format=table",
                in.toString());

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.FAILED_IMAGES);
        List<String> lines = loomy.stderr().lines().toList();
        assertThat(lines).as(loomy.stderr()).hasSize(bad.size()).allMatch(line -> line.startsWith("loomy: " + in + "/")
                && line.contains(": corrupt PNG: "));
        for (String name : bad.keySet()) {
            assertThat(lines).as(name).anyMatch(line -> line.startsWith("loomy: " + in.resolve(name) + ": "));
        }
    }

    @Test
    void criticalChunksLibpngIgnoresAreOneWarningOfLoomysAndThePixelsStay() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Files.write(in.resolve("plain.png"), png());
        Path grayPlain = Files.write(in.resolve("gray.png"), built(header(0, 8), new byte[0], chunk("IEND", new byte[0])));
        byte[] palette = chunk("PLTE", new byte[48]);
        Path late = Files.write(in.resolve("late-palette.png"), pngEndingWith(palette));
        Path odd = Files.write(in.resolve("odd-palette.png"), png(chunk("PLTE", new byte[10])));
        Path grayPalette = Files.write(in.resolve("gray-palette.png"), built(header(0, 8), new byte[0],
                chunk("IEND", new byte[0]), palette));
        Path longEnd = Files.write(in.resolve("long-end.png"), built(header(2, 8), new byte[0],
                chunk("IEND", new byte[] {1, 2})));
        Path out = dir.resolve("out");

        LoomyProcess loomy = loomy("-s", "loop", "-f", "NoOp", "--no-fork", "--quiet", "--format=table",
                "-o", out.toString(), in.toString());

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(loomy.stderr().lines().toList()).as(loomy.stderr()).containsExactlyInAnyOrder(
                "loomy: " + late + ": warning: ignored, as libpng would: PLTE: out of place",
                "loomy: " + odd + ": warning: ignored, as libpng would: PLTE: invalid",
                "loomy: " + grayPalette + ": warning: ignored, as libpng would: PLTE: ignored in grayscale PNG",
                "loomy: " + longEnd + ": warning: ignored, as libpng would: IEND: invalid");
        byte[] plain = Files.readAllBytes(out.resolve("plain.png"));
        for (Path rgb : List.of(late, odd, longEnd)) {
            assertThat(Files.readAllBytes(out.resolve(rgb.getFileName()))).as(rgb.toString()).isEqualTo(plain);
        }
        assertThat(Files.readAllBytes(out.resolve(grayPalette.getFileName())))
                .isEqualTo(Files.readAllBytes(out.resolve(grayPlain.getFileName())));
    }

    @Test
    void ofTwoExifChunksTheOutputKeepsTheFirstAndLoomyFindsNothingWrongWithIt() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        // Two EXIF blocks of no entries, big- and little-endian.
        byte[] first = {'M', 'M', 0, 42, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0};
        byte[] second = {'I', 'I', 42, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        Path twice = Files.write(in.resolve("twice.png"), png(chunk("eXIf", first), chunk("eXIf", second)));
        Path out = dir.resolve("out");

        LoomyProcess loomy = loomy("-s", "loop", "-f", "NoOp", "--no-fork", "--quiet", "--format=table",
                "-o", out.toString(), in.toString());
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(loomy.stderr().lines().toList()).containsExactly(
                "loomy: " + twice + ": warning: ignored, as libpng would: eXIf: duplicate");
        Path output = out.resolve("twice.png");
        assertThat(chunks(output, "eXIf")).singleElement().isEqualTo(first);

        LoomyProcess again = loomy("-s", "loop", "-f", "NoOp", "--no-fork", "--quiet", "--format=table",
                "-o", dir.resolve("again").toString(), output.toString());
        assertThat(again.process().exitValue()).as(again.stderr()).isEqualTo(ExitCodes.OK);
        assertThat(again.stderr()).isEmpty();
    }
}
