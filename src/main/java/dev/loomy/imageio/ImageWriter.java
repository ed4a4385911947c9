package dev.loomy.imageio;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.opencv.core.CvException;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.files.ImageExtensions;

/**
 * Encodes an image by its target's extension and writes it atomically: into a hidden
 * temporary file in the target's folder, then renamed over the target. A reader of the
 * output folder sees the old file or the new one, never a partial one.
 */
public final class ImageWriter {

    private final TempFiles temps;

    public ImageWriter(TempFiles temps) {
        this.temps = temps;
    }

    public void write(Mat image, Path target) throws ImageException {
        byte[] bytes = encode(image, target);
        try {
            Files.createDirectories(target.toAbsolutePath().getParent());
            temps.replace(target, bytes);
        } catch (IOException e) {
            throw new ImageException(target, "cannot be written: " + e);
        }
    }

    private static byte[] encode(Mat image, Path target) throws ImageException {
        String extension = ImageExtensions.of(target);
        MatOfByte encoded = new MatOfByte();
        try {
            if (!Imgcodecs.imencode("." + extension, image, encoded)) {
                throw new ImageException(target, "cannot be encoded as ." + extension);
            }
            return encoded.toArray();
        } catch (CvException e) {
            // OpenCV throws, rather than returning false, for an extension it has no encoder for.
            throw new ImageException(target, "cannot be encoded as ." + extension + ": " + ImageException.oneLine(e));
        } finally {
            encoded.release();
        }
    }
}
