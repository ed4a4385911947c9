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
        ByteArrayOutputStream rows = new ByteArrayOutputStream();
        for (int y = 0; y < 6; y++) {
            rows.write(0);
            for (int x = 0; x < 8; x++) {
                rows.write(new byte[] {(byte) (30 * x), (byte) (40 * y), (byte) (x * y)});
            }
        }
        ByteArrayOutputStream png = new ByteArrayOutputStream();
        png.write(new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10});
        png.write(chunk("IHDR", ByteBuffer.allocate(13).putInt(8).putInt(6).put((byte) 8).put((byte) 2).array()));
        for (byte[] chunk : chunks) {
            png.write(chunk);
        }
        png.write(chunk("IDAT", deflated(rows.toByteArray())));
        png.write(after);
        png.write(chunk("IEND", new byte[0]));
        return png.toByteArray();
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
                "--format=csv", "-o", out.toString(), in.toString());
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
                "--format=csv", "--keep-metadata=none", "-o", out.toString(), in.toString());
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
}
