package dev.loomy.gallery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Mat;

import dev.loomy.TestImages;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.OneWriter;

class ThumbnailsTest {

    @TempDir
    Path dir;

    /** A reader that notes what it was asked to read, then reads it as the run's reader does. */
    private static final class Noting extends ImageReader {
        final List<Path> read = new ArrayList<>();

        @Override
        public Mat read(Path file) throws ImageException {
            read.add(file);
            return super.read(file);
        }
    }

    /** A small valid PNG whose IHDR (and its CRC) then says it is {@code width} pixels wide. */
    private static Path announcingWidth(Path file, int width) throws Exception {
        TestImages.write(file, 4, 1, 1);
        byte[] png = Files.readAllBytes(file);
        ByteBuffer.wrap(png).putInt(16, width);
        CRC32 crc = new CRC32();
        crc.update(png, 12, 17);
        ByteBuffer.wrap(png).putInt(29, (int) crc.getValue());
        return Files.write(file, png);
    }

    @Test
    void anImageTooLargeToDecodeIsRefusedByTheRunsCheckBeforeTheDecoderSeesIt() throws Exception {
        Path wide = announcingWidth(dir.resolve("wide.png"), 2_000_000);
        Noting reader = new Noting();
        Thumbnails thumbnails = new Thumbnails(reader, OneWriter.noInputs());

        assertThatThrownBy(() -> thumbnails.write(wide, dir.resolve("thumb.jpg")))
                .isInstanceOf(ImageException.class)
                .hasMessageContaining("wide.png: too large to decode: 2000000 pixels wide, more than OpenCV's limit of");
        assertThat(reader.read).isEmpty();
        assertThat(dir.resolve("thumb.jpg")).doesNotExist();
    }

    @Test
    void anImageWithinTheLimitsGetsItsThumbnail() throws Exception {
        Path photo = TestImages.write(dir.resolve("photo.png"), 720, 540, 1);
        Noting reader = new Noting();

        Thumbnails.Dimensions size = new Thumbnails(reader, OneWriter.noInputs()).write(photo, dir.resolve("thumb.jpg"));

        assertThat(size).isEqualTo(new Thumbnails.Dimensions(Thumbnails.MAX_WIDTH, Thumbnails.MAX_HEIGHT));
        assertThat(reader.read).containsExactly(photo);
        assertThat(dir.resolve("thumb.jpg")).isNotEmptyFile();
    }
}
