package dev.loomy.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.TestImages;

/** One test image encoded in memory, for tests of what loomy reads from a file's bytes (OpenCV loaded first). */
public final class EncodedImages {

    private EncodedImages() {
    }

    /** The test image (97 x 61) encoded as {@code extension} with OpenCV's {@code params}. */
    public static byte[] encode(String extension, MatOfInt params) {
        Mat image = TestImages.image(97, 61, 7);
        MatOfByte encoded = new MatOfByte();
        try {
            assertThat(Imgcodecs.imencode("." + extension, image, encoded, params)).isTrue();
            return encoded.toArray();
        } finally {
            image.release();
            encoded.release();
        }
    }

    public static byte[] encode(String extension) {
        return encode(extension, new MatOfInt());
    }

    /** Where the first scan's entropy-coded data begins: after the SOS marker and its header. */
    public static int scanData(byte[] jpeg) {
        for (int i = 0; i + 3 < jpeg.length; i++) {
            if (jpeg[i] == (byte) 0xFF && jpeg[i + 1] == (byte) 0xDA) {
                return i + 2 + ((jpeg[i + 2] & 0xFF) << 8 | (jpeg[i + 3] & 0xFF));
            }
        }
        throw new AssertionError("no SOS marker");
    }
}
