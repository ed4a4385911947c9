package dev.loomy.imageio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;
import dev.loomy.testing.OsFixtures;
import dev.loomy.testing.EncodedImages;

/** Every way a file can fail to be an image, each with its own reason; and the odd images that are fine. */
class ImageReaderTest {

    @TempDir
    Path dir;

    private final ImageReader reader = new ImageReader();

    private String reason(Path file) {
        try {
            reader.read(file).release();
            return null;
        } catch (ImageException e) {
            assertThat(e.file()).isEqualTo(file);
            return e.reason();
        }
    }

    static Path mkfifo(Path path) throws Exception {
        assertThat(OsFixtures.mkfifo(path)).isZero();
        return path;
    }

    @Test
    @Timeout(10)
    void aNamedPipeIsRefusedWithoutBeingOpened() throws Exception {
        // Opening a pipe for reading blocks until a writer comes: a read would hang for ever.
        Path fifo = mkfifo(dir.resolve("pipe.jpg"));
        assertThat(reason(fifo)).isEqualTo("not a regular file (a named pipe, socket or device): not read");
        assertThat(ImageHeader.probe(fifo).sizeKnown()).isFalse();
    }

    @Test
    @Timeout(10)
    void aFileTheKernelRefusesToReadGivesItsError() throws Exception {
        // /proc/self/mem is a regular file, but reading at offset 0 (unmapped memory) fails with EIO, root or not.
        Path mem = Files.createSymbolicLink(dir.resolve("mem.jpg"), Path.of("/proc/self/mem"));
        try {
            assertThat(reason(mem)).isEqualTo("cannot be read: Input/output error");
        } finally {
            Files.delete(mem);
        }
    }

    @Test
    void brokenLinksLinkLoopsAndVanishedFilesAreNamedForWhatTheyAre() throws Exception {
        Path broken = Files.createSymbolicLink(dir.resolve("broken.png"), dir.resolve("nowhere.png"));
        Path a = dir.resolve("a.jpg");
        Path b = dir.resolve("b.jpg");
        Files.createSymbolicLink(a, b);
        Files.createSymbolicLink(b, a);
        Path gone = TestImages.write(dir.resolve("gone.png"), 8, 8, 1);
        Files.delete(gone);
        Path folder = Files.createDirectories(dir.resolve("folder.png"));

        assertThat(reason(broken)).isEqualTo("a broken symbolic link (its target does not exist)");
        assertThat(reason(a)).isEqualTo("a symbolic link loop (or a chain of links too long to follow)");
        assertThat(reason(gone)).isEqualTo("no longer exists (removed after the folder was walked)");
        assertThat(reason(folder)).isEqualTo("is a folder, not an image file");
    }

    @Test
    void aStrictReaderRefusesATruncatedJpeg() throws Exception {
        Path jpeg = TestImages.write(dir.resolve("whole.jpg"), 120, 90, 2);
        byte[] bytes = Files.readAllBytes(jpeg);
        Path cut = Files.write(dir.resolve("cut.jpg"), Arrays.copyOf(bytes, bytes.length * 2 / 3));

        assertThat(reason(jpeg)).isNull();
        assertThat(reason(cut)).startsWith("truncated: the JPEG data ends without its end-of-image marker");
    }

    @Test
    void aLenientReaderDecodesATruncatedJpegAsFarAsItGoesAndSaysSoOnce() throws Exception {
        OpenCv.load();
        ImageReader lenient = new ImageReader(java.time.Duration.ZERO, false);
        Path jpeg = TestImages.write(dir.resolve("whole.jpg"), 160, 120, 3);
        byte[] bytes = Files.readAllBytes(jpeg);
        Mat whole = lenient.read(jpeg, w -> { throw new AssertionError("a whole image warned: " + w); });
        try {
            int scan = EncodedImages.scanData(bytes);
            for (int length : new int[] {scan + 40, bytes.length / 2, bytes.length * 3 / 4, bytes.length - 2}) {
                Path cut = Files.write(dir.resolve("cut" + length + ".jpg"), Arrays.copyOf(bytes, length));
                java.util.List<String> warnings = new java.util.ArrayList<>();
                Mat read = lenient.read(cut, warnings::add);
                try {
                    assertThat(warnings).as("cut to " + length).containsExactly("truncated: the JPEG data ends without "
                            + "its end-of-image marker (" + length + " bytes); decoded as far as the data goes");
                    assertThat(read.size()).isEqualTo(whole.size());
                    // Cut half-way or later, the first rows decode as in the whole image; past the data,
                    // the rows are filled (the last ones all alike), not left undefined.
                    if (length >= bytes.length / 2) {
                        assertThat(differences(read.rowRange(0, 8), whole.rowRange(0, 8))).isZero();
                    }
                    if (length <= bytes.length * 3 / 4) {
                        assertThat(differences(read.rowRange(0, read.rows()), whole)).isPositive();
                        for (int row = read.rows() - 8; row < read.rows() - 1; row++) {
                            assertThat(differences(read.row(row), read.row(read.rows() - 1))).as("row " + row).isZero();
                        }
                    }
                } finally {
                    read.release();
                }
            }
        } finally {
            whole.release();
        }
    }

    @Test
    void whatCannotBeDecodedAtAllStillFailsLenientOrNot() throws Exception {
        ImageReader lenient = new ImageReader(java.time.Duration.ZERO, false);
        byte[] jpeg = Files.readAllBytes(TestImages.write(dir.resolve("whole.jpg"), 120, 90, 4));
        byte[] png = Files.readAllBytes(TestImages.write(dir.resolve("whole.png"), 120, 90, 5));
        Path headers = Files.write(dir.resolve("headers.jpg"), Arrays.copyOf(jpeg, EncodedImages.scanData(jpeg) - 1));
        Path cutPng = Files.write(dir.resolve("cut.png"), Arrays.copyOf(png, png.length - 1));

        assertThatThrownBy(() -> lenient.read(headers, w -> { })).isInstanceOf(ImageException.class)
                .hasMessageContaining("truncated: the JPEG data ends before its image data begins");
        assertThatThrownBy(() -> lenient.read(cutPng, w -> { })).isInstanceOf(ImageException.class)
                .hasMessageContaining("truncated: the PNG data ends before its IEND chunk");
    }

    private static int differences(Mat a, Mat b) {
        Mat diff = new Mat();
        Core.absdiff(a, b, diff);
        int count = Core.countNonZero(diff.reshape(1));
        diff.release();
        return count;
    }

    @Test
    void alphaGrayAnd16BitImagesBecome8BitBgr() throws Exception {
        OpenCv.load();
        Mat alpha = new Mat(20, 30, CvType.CV_8UC4, new Scalar(10, 20, 30, 128));
        Mat gray = new Mat(20, 30, CvType.CV_8UC1, new Scalar(77));
        Mat deep = new Mat(20, 30, CvType.CV_16UC3, new Scalar(1000, 30000, 65535));
        try {
            for (var entry : java.util.Map.of("alpha.png", alpha, "gray.jpg", gray, "deep.png", deep, "deep.tiff", deep).entrySet()) {
                Path file = dir.resolve(entry.getKey());
                assertThat(Imgcodecs.imwrite(file.toString(), entry.getValue())).isTrue();
                Mat read = reader.read(file);
                assertThat(read.type()).as(entry.getKey()).isEqualTo(CvType.CV_8UC3);
                assertThat(read.size()).isEqualTo(entry.getValue().size());
                read.release();
            }
        } finally {
            alpha.release();
            gray.release();
            deep.release();
        }
    }

    @Test
    void readingNamesTheReasonForEmptyAndUndecodableFiles() throws Exception {
        Path empty = Files.createFile(dir.resolve("empty.jpg"));
        Path text = Files.writeString(dir.resolve("text.png"), "this is not a PNG");

        assertThatThrownBy(() -> new ImageReader().read(empty)).isInstanceOf(ImageException.class)
                .hasMessageContaining("empty.jpg").hasMessageContaining("empty file");
        assertThatThrownBy(() -> new ImageReader().read(text)).isInstanceOf(ImageException.class)
                .hasMessageContaining("text.png").hasMessageContaining("not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        assertThatThrownBy(() -> new ImageReader().read(dir.resolve("gone.png"))).isInstanceOf(ImageException.class)
                .hasMessageContaining("no longer exists");
    }
}
