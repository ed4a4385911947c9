package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;

/** A file of several pictures says which one loomy takes. */
class FramesTest {

    @TempDir
    Path dir;

    /** {@code png} with an acTL chunk of {@code frames} frames, and an fcTL before its image data when asked. */
    static Path animated(Path png, int frames, boolean stillIsFirst) throws Exception {
        byte[] bytes = Files.readAllBytes(png);
        int afterHeader = 8 + 8 + 13 + 4;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, afterHeader);
        out.write(chunk("acTL", ByteBuffer.allocate(8).putInt(frames).putInt(0).array()));
        if (stillIsFirst) {
            out.write(chunk("fcTL", new byte[26]));
        }
        out.write(bytes, afterHeader, bytes.length - afterHeader);
        return Files.write(png, out.toByteArray());
    }

    private static byte[] chunk(String type, byte[] data) {
        CRC32 crc = new CRC32();
        crc.update(type.getBytes(StandardCharsets.ISO_8859_1));
        crc.update(data);
        return ByteBuffer.allocate(12 + data.length).putInt(data.length).put(type.getBytes(StandardCharsets.ISO_8859_1))
                .put(data).putInt((int) crc.getValue()).array();
    }

    @Test
    void aTiffOfSeveralPagesAndAnAnimatedPngAreNamedWithThePartUsed() throws Exception {
        Path pages = TestImages.tiff(dir.resolve("scan.tif"), 3);
        Path one = TestImages.tiff(dir.resolve("one.tiff"), 1);
        Path apng = animated(TestImages.write(dir.resolve("anim.png"), 16, 12, 1), 5, true);
        Path detached = animated(TestImages.write(dir.resolve("other.png"), 16, 12, 2), 4, false);
        Path still = TestImages.write(dir.resolve("still.png"), 16, 12, 3);

        List<String> notes = new ArrayList<>();
        Frames.notes(List.of(pages, one, apng, detached, still).stream().map(p -> new ImageFile(p, p.getFileName()))
                .toList(), notes::add);

        assertThat(notes).containsExactly(
                "note: " + pages + ": a TIFF of 3 pages; the first is used",
                "note: " + apng + ": an animated PNG of 5 frames; its still image, the first frame, is used",
                "note: " + detached + ": an animated PNG of 4 frames; its still image, which is not one of them, is used");
        // What the note says is what the decoder does: the first page, and the PNG still image.
        Mat first = Imgcodecs.imread(pages.toString());
        assertThat(first.get(0, 0)).containsExactly(0, 20, 30);
        first.release();
        Mat decoded = Imgcodecs.imread(apng.toString());
        assertThat(decoded.size()).isEqualTo(new org.opencv.core.Size(16, 12));
        decoded.release();
    }
}
