package dev.loomy.gallery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.core.Size;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import dev.loomy.admission.Admission;
import dev.loomy.files.IoReasons;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageHeader;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.MatScope;

/**
 * Small JPEG copies of images, made by OpenCV so that a page of a hundred rows and thirty
 * columns loads a few megabytes, not the full-size files: the browser would fetch and decode
 * every full image only to shrink it.
 */
public final class Thumbnails {

    /** The box a thumbnail fits in: twice what the page shows, for screens of two pixels a point. */
    public static final int MAX_WIDTH = 360;
    public static final int MAX_HEIGHT = 270;
    /** Small files that still show a filter's texture; 75 is the common web default. */
    static final int JPEG_QUALITY = 80;

    /** A thumbnail's size in pixels, for the page's width and height attributes (no reflow as images load). */
    public record Dimensions(int width, int height) {
    }

    private final ImageReader reader;
    private final OneWriter temps;

    /** @param reader reads the sources: damaged ones decode as far as they go, as in the run */
    public Thumbnails(ImageReader reader, OneWriter temps) {
        this.reader = reader;
        this.temps = temps;
    }

    /** Writes {@code target}, a thumbnail of the image in {@code source}, atomically; returns its size. */
    public Dimensions write(Path source, Path target) throws ImageException {
        // The run's own check, before the decoder: one of loomy's lines for an image too large, not libpng's.
        Admission.checkDecodable(source, ImageHeader.probe(source));
        try (MatScope scope = new MatScope()) {
            Mat image = scope.add(reader.read(source));
            Mat small = scope.add(shrink(image));
            MatOfByte encoded = scope.add(new MatOfByte());
            MatOfInt quality = scope.add(new MatOfInt(Imgcodecs.IMWRITE_JPEG_QUALITY, JPEG_QUALITY));
            if (!Imgcodecs.imencode(".jpg", small, encoded, quality)) {
                throw new ImageException(target, "thumbnail cannot be encoded as JPEG");
            }
            byte[] bytes = encoded.toArray();
            try {
                temps.replace(target, bytes);
            } catch (IOException e) {
                throw new ImageException(target, "cannot be written: " + IoReasons.of(e));
            }
            return new Dimensions(small.cols(), small.rows());
        }
    }

    /** {@code image} scaled to fit the box, keeping its shape; a new Mat the caller releases. */
    static Mat shrink(Mat image) {
        double scale = Math.min(1.0, Math.min((double) MAX_WIDTH / image.cols(), (double) MAX_HEIGHT / image.rows()));
        int width = Math.max(1, (int) Math.round(image.cols() * scale));
        int height = Math.max(1, (int) Math.round(image.rows() * scale));
        Mat small = new Mat();
        // INTER_AREA averages every source pixel under a thumbnail pixel: no aliasing of fine
        // texture (Canny's edges, PixelSepia's grain), which the other interpolations would show.
        Imgproc.resize(image, small, new Size(width, height), 0, 0, Imgproc.INTER_AREA);
        return small;
    }
}
