package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32;

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
