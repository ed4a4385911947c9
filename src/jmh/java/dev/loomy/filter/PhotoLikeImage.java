package dev.loomy.filter;

import java.util.Random;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

/**
 * A deterministic image with what photographs have: smooth gradients, shapes with hard and soft
 * edges, fine texture, sensor-like noise, a few black and saturated areas. Made with OpenCV's
 * drawing from a seeded Random, so that benchmarks need no files.
 */
final class PhotoLikeImage {

    private PhotoLikeImage() {
    }

    /** {@code size} as {@code WIDTHxHEIGHT}, e.g. {@code 1024x768}. */
    static Mat create(String size, long seed) {
        String[] parts = size.split("x");
        return create(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), seed);
    }

    static Mat create(int width, int height, long seed) {
        Random random = new Random(seed);
        Mat image = new Mat();
        // Gradients: a 4x4 random image, enlarged smoothly.
        Mat coarse = new Mat(4, 4, CvType.CV_8UC3);
        coarse.put(0, 0, bytes(random, 4 * 4 * 3));
        Imgproc.resize(coarse, image, new Size(width, height), 0, 0, Imgproc.INTER_CUBIC);
        coarse.release();
        int scale = Math.max(width, height);
        for (int i = 0; i < 30; i++) {
            Scalar colour = new Scalar(random.nextInt(256), random.nextInt(256), random.nextInt(256));
            Point at = new Point(random.nextInt(width), random.nextInt(height));
            switch (i % 4) {
                case 0 -> Imgproc.circle(image, at, 4 + random.nextInt(scale / 6), colour, -1, Imgproc.LINE_AA);
                case 1 -> Imgproc.rectangle(image, at, new Point(random.nextInt(width), random.nextInt(height)), colour, -1);
                case 2 -> Imgproc.ellipse(image, at, new Size(4 + random.nextInt(scale / 5), 4 + random.nextInt(scale / 8)),
                        random.nextInt(180), 0, 360, colour, -1, Imgproc.LINE_AA);
                default -> Imgproc.line(image, at, new Point(random.nextInt(width), random.nextInt(height)), colour,
                        1 + random.nextInt(6), Imgproc.LINE_AA);
            }
        }
        // Texture: fine random detail, softened, added in one part of the picture.
        Mat texture = new Mat(height, width, CvType.CV_8UC3);
        texture.put(0, 0, bytes(random, width * height * 3));
        Imgproc.GaussianBlur(texture, texture, new Size(3, 3), 0);
        Mat textured = image.submat(0, height, width / 2, width);
        Core.addWeighted(textured, 0.8, texture.submat(0, height, width / 2, width), 0.2, 0, textured);
        textured.release();
        texture.release();
        // Noise: Gaussian, as a sensor gives, then a black corner and a saturated patch.
        byte[] noise = new byte[width * height * 3];
        for (int i = 0; i < noise.length; i++) {
            noise[i] = (byte) Math.min(255, Math.round(Math.abs(random.nextGaussian()) * 8));
        }
        Mat noiseMat = new Mat(height, width, CvType.CV_8UC3);
        noiseMat.put(0, 0, noise);
        Core.add(image, noiseMat, image);
        noiseMat.release();
        Imgproc.rectangle(image, new Point(0, 0), new Point(width / 10.0, height / 10.0), Scalar.all(0), -1);
        Imgproc.circle(image, new Point(width * 0.8, height * 0.2), scale / 20, Scalar.all(255), -1);
        return image;
    }

    private static byte[] bytes(Random random, int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }
}
