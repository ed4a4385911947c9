package dev.loomy.imageio;

import java.nio.file.Path;
import java.time.Duration;

import org.opencv.core.CvException;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

/**
 * Reads and decodes an image into an 8-bit, 3-channel BGR Mat, as {@code imread} does by
 * default (alpha dropped, gray expanded, 16-bit scaled down), with a reason when it cannot.
 *
 * <p>The bytes are read in Java rather than by {@code imread} so that a failure has a
 * precise reason, so that a file cut short is found before a decoder fills it with gray
 * (see {@link FormatCheck}). The optional {@code ioLatency} wait ({@link #awaitStorage})
 * models slow storage as a Java blocking call, which virtual threads wait out without
 * holding a carrier thread.
 */
public final class ImageReader {

    private final Duration ioLatency;

    public ImageReader(Duration ioLatency) {
        this.ioLatency = ioLatency;
    }

    public ImageReader() {
        this(Duration.ZERO);
    }

    /**
     * The storage's latency, waited out before an image is admitted and read: a slow share
     * keeps a job waiting, but holds none of its memory yet.
     */
    public void awaitStorage() throws InterruptedException {
        if (!ioLatency.isZero()) {
            Thread.sleep(ioLatency);
        }
    }

    /** The decoded image, owned by the caller, who releases it. */
    public Mat read(Path file) throws ImageException {
        byte[] bytes = SourceFile.read(file);
        ImageFormat format = FormatCheck.check(file, bytes);
        MatOfByte encoded = new MatOfByte(bytes);
        Mat image = null;
        try {
            image = Imgcodecs.imdecode(encoded, Imgcodecs.IMREAD_COLOR);
            if (image.empty()) {
                throw new ImageException(file, "cannot be decoded: corrupt " + format.label() + " data");
            }
            Mat decoded = image;
            image = null;
            return decoded;
        } catch (CvException e) {
            throw new ImageException(file, "cannot be decoded: " + ImageException.oneLine(e));
        } finally {
            if (image != null) {
                image.release();
            }
            encoded.release();
        }
    }
}
