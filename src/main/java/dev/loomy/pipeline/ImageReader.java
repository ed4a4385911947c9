package dev.loomy.pipeline;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;

import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

/**
 * Reads and decodes an image into an 8-bit, 3-channel BGR Mat, as {@code imread} does by
 * default (alpha dropped, gray expanded, 16-bit scaled down), with a reason when it cannot.
 *
 * <p>The bytes are read in Java rather than by {@code imread} so that a failure has a
 * precise reason and so that the read is a Java blocking call: the optional
 * {@code ioLatency} wait models slow storage, which virtual threads wait out without
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

    public Mat read(Path file) throws ImageException, InterruptedException {
        if (!ioLatency.isZero()) {
            Thread.sleep(ioLatency);
        }
        byte[] bytes = readBytes(file);
        if (bytes.length == 0) {
            throw new ImageException(file, "empty file (0 bytes)");
        }
        MatOfByte encoded = new MatOfByte(bytes);
        try {
            Mat image = Imgcodecs.imdecode(encoded, Imgcodecs.IMREAD_COLOR);
            if (image.empty()) {
                image.release();
                throw new ImageException(file, "not a decodable image (corrupt, truncated, or not an image format OpenCV reads)");
            }
            return image;
        } finally {
            encoded.release();
        }
    }

    private static byte[] readBytes(Path file) throws ImageException {
        try {
            return Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            throw new ImageException(file, "no longer exists");
        } catch (AccessDeniedException e) {
            throw new ImageException(file, "permission denied");
        } catch (IOException e) {
            throw new ImageException(file, "cannot be read: " + e.getMessage());
        } catch (OutOfMemoryError e) {
            throw new ImageException(file, "too large to read into memory");
        }
    }
}
