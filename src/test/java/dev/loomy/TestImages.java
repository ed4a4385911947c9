package dev.loomy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.imgcodecs.Imgcodecs;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.OpenCv;

/** Small deterministic test images, written where a test needs them. */
public final class TestImages {

    private TestImages() {
    }

    /** Writes a {@code width x height} image with noise and a shape (format from the name's extension). */
    public static Path write(Path file, int width, int height, long seed) {
        OpenCv.load();
        Mat image = image(width, height, seed);
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            if (!Imgcodecs.imwrite(file.toString(), image)) {
                throw new IllegalStateException("cannot write " + file);
            }
            return file;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        } finally {
            image.release();
        }
    }

    /** An 8-bit BGR image: seeded noise with a filled circle, so that every filter has work to do. */
    public static Mat image(int width, int height, long seed) {
        OpenCv.load();
        byte[] pixels = new byte[width * height * 3];
        new Random(seed).nextBytes(pixels);
        Mat image = new Mat(height, width, CvType.CV_8UC3);
        image.put(0, 0, pixels);
        Imgproc.circle(image, new Point(width / 2.0, height / 2.0), Math.min(width, height) / 3, new Scalar(40, 160, 220), -1);
        return image;
    }

    /** Writes {@code count} noisy PNGs named img00.png, img01.png, ... into {@code folder}. */
    public static List<Path> writeMany(Path folder, int count, int width, int height) {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            files.add(write(folder.resolve(String.format("img%02d.png", i)), width, height, i));
        }
        return files;
    }

    /** A TIFF of {@code pages} small pages, page i's first pixel (10 i, 20, 30) in BGR. */
    public static Path tiff(Path file, int pages) {
        OpenCv.load();
        java.util.List<Mat> mats = new java.util.ArrayList<>();
        for (int i = 0; i < pages; i++) {
            mats.add(new Mat(12, 16, org.opencv.core.CvType.CV_8UC3, new org.opencv.core.Scalar(10 * i, 20, 30)));
        }
        try {
            if (!Imgcodecs.imwritemulti(file.toString(), mats)) {
                throw new IllegalStateException("cannot write " + file);
            }
            return file;
        } finally {
            mats.forEach(Mat::release);
        }
    }
}
