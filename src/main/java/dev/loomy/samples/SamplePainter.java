package dev.loomy.samples;

import java.util.SplittableRandom;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.Mats;

/**
 * Paints one photo-like image: a smooth plasma background, shapes filled with flat colour,
 * gradients or textures, lines and fine clutter, uneven lighting, lens blur and sensor noise.
 *
 * <p>Every random choice comes from the one generator given, and OpenCV's own random
 * number generator (shared, per-thread state) is never used, so that the same generator
 * state paints the same pixels on any thread. Sines and cosines come from StrictMath,
 * whose results are the same bits on every JVM.
 */
final class SamplePainter {

    private final SplittableRandom random;
    private final int width;
    private final int height;
    private final Size size;
    /** The scene's dominant colour, BGR. */
    private final double[] tint = new double[3];

    SamplePainter(SplittableRandom random, ImageSize size) {
        this.random = random;
        this.width = size.width();
        this.height = size.height();
        this.size = new Size(width, height);
        double gray = between(70, 180);
        for (int c = 0; c < 3; c++) {
            tint[c] = gray + between(-60, 60);
        }
    }

    /** A new 8-bit BGR image; the caller releases it. */
    Mat paint() {
        Mat image = new Mat();
        try (MatScope scope = new MatScope()) {
            plasma(scope, image);
            int shapes = 8 + random.nextInt(18);
            for (int i = 0; i < shapes; i++) {
                shape(scope, image);
            }
            lines(image);
            clutter(image);
            lighting(scope, image);
            blur(image);
            noise(scope, image);
            return image;
        } catch (RuntimeException | Error e) {
            Mats.free(image);
            throw e;
        }
    }

    /**
     * Fractal colour noise: a coarse grid of colours refined octave by octave (each adds
     * finer, weaker detail), then one bicubic resize to the full size.
     */
    private void plasma(MatScope scope, Mat image) {
        int cells = 2 + random.nextInt(4);
        double aspect = (double) width / height;
        Mat grid = scope.add(colourGrid(Math.max(2, (int) Math.round(cells * aspect)), Math.max(2, cells), 70));
        double spread = 45;
        for (int octave = 1; octave < 5; octave++) {
            Size finer = new Size(Math.min(width, grid.cols() * 2), Math.min(height, grid.rows() * 2));
            Mat up = scope.mat();
            Imgproc.resize(grid, up, finer, 0, 0, Imgproc.INTER_CUBIC);
            Mat detail = scope.add(offsetGrid((int) finer.width, (int) finer.height, spread));
            grid = scope.mat();
            Core.addWeighted(up, 1, detail, 1, -128, grid);
            spread *= 0.55;
        }
        Imgproc.resize(grid, image, size, 0, 0, Imgproc.INTER_CUBIC);
    }

    private void shape(MatScope scope, Mat image) {
        Shape shape = randomShape();
        Scalar colour = colour(90);
        int fill = random.nextInt(10);
        if (fill < 4) {
            shape.draw(image, colour, 0, 0);
            return;
        }
        Rect box = clip(shape.bounds());
        if (box.width < 2 || box.height < 2) {
            return;
        }
        Mat pattern = scope.add(fill < 7 ? gradient(box.size()) : texture(scope, box.size(), colour));
        Mat mask = scope.add(Mat.zeros(box.size(), CvType.CV_8UC1));
        shape.draw(mask, new Scalar(255), box.x, box.y);
        // Anti-aliased edges blend as a photo's edges do: the mask's grey levels are the weights.
        Mat inside = scope.mat();
        Mat outside = scope.mat();
        mask.convertTo(inside, CvType.CV_32F, 1 / 255.0);
        mask.convertTo(outside, CvType.CV_32F, -1 / 255.0, 1);
        Mat region = scope.add(image.submat(box));
        Mat blended = scope.mat();
        Imgproc.blendLinear(region, pattern, outside, inside, blended);
        blended.copyTo(region);
    }

    private Shape randomShape() {
        double scale = Math.min(width, height);
        double cx = between(-0.1, 1.1) * width;
        double cy = between(-0.1, 1.1) * height;
        double r = scale * between(0.03, 0.35);
        int kind = random.nextInt(3);
        if (kind == 0) {
            return new Shape.Ellipse(cx, cy, r, r * between(0.3, 1), between(0, 180));
        }
        int corners = kind == 1 ? 4 : 3 + random.nextInt(6);
        double[] xy = new double[corners * 2];
        double start = between(0, 2 * Math.PI);
        for (int i = 0; i < corners; i++) {
            double angle = start + 2 * Math.PI * (i + (kind == 1 ? 0 : between(-0.3, 0.3))) / corners;
            double radius = kind == 1 ? r : r * between(0.5, 1.2);
            xy[2 * i] = cx + radius * StrictMath.cos(angle) * (kind == 1 ? 1.4 : 1);
            xy[2 * i + 1] = cy + radius * StrictMath.sin(angle);
        }
        return new Shape.Polygon(xy);
    }

    /** A smooth colour field for a shape: a 3x3 grid of colours, bilinearly stretched. */
    private Mat gradient(Size box) {
        Mat grid = colourGrid(3, 3, 80);
        Mat field = new Mat();
        try {
            Imgproc.resize(grid, field, box, 0, 0, Imgproc.INTER_LINEAR);
            return field;
        } finally {
            Mats.free(grid);
        }
    }

    /** Stripes, a checkerboard or soft waves between two colours. */
    private Mat texture(MatScope scope, Size box, Scalar colour) {
        double period = between(4, 40);
        double angle = between(0, Math.PI);
        double phase = between(0, 2 * Math.PI);
        int kind = random.nextInt(3);
        Mat levels = scope.add(switch (kind) {
            case 0 -> Patterns.stripes(box, period, angle, phase, between(2, 10));
            case 1 -> Patterns.checker(box, period, angle, phase, between(3, 12));
            default -> Patterns.stripes(box, period * 2, angle, phase, 1);
        });
        Scalar other = colour(90);
        // Each channel c = colour[c] + (other[c] - colour[c]) * level / 255, in one pass.
        Mat map = scope.add(new Mat(3, 2, CvType.CV_64F));
        for (int c = 0; c < 3; c++) {
            map.put(c, 0, (other.val[c] - colour.val[c]) / 255.0, colour.val[c]);
        }
        Mat textured = new Mat();
        Core.transform(levels, textured, map);
        return textured;
    }

    /** Straight and wandering anti-aliased lines: wires, twigs, edges. */
    private void lines(Mat image) {
        int count = random.nextInt(12);
        for (int i = 0; i < count; i++) {
            Scalar colour = colour(100);
            int thickness = 1 + random.nextInt(4);
            Point from = new Point(between(0, width), between(0, height));
            int segments = random.nextBoolean() ? 1 : 4 + random.nextInt(12);
            double heading = between(0, 2 * Math.PI);
            double step = Math.min(width, height) * between(0.03, 0.2);
            for (int s = 0; s < segments; s++) {
                heading += between(-0.6, 0.6);
                double length = segments == 1 ? step * 6 : step;
                Point to = new Point(from.x + length * StrictMath.cos(heading), from.y + length * StrictMath.sin(heading));
                Imgproc.line(image, subPixel(from), subPixel(to), colour, thickness, Imgproc.LINE_AA, Shape.SHIFT);
                from = to;
            }
        }
    }

    /** Clusters of small dots and blobs: the fine detail (foliage, gravel, text) that photos are full of. */
    private void clutter(Mat image) {
        int clusters = 1 + random.nextInt(5);
        double scale = Math.min(width, height);
        for (int k = 0; k < clusters; k++) {
            double cx = between(0, width);
            double cy = between(0, height);
            double spread = scale * between(0.05, 0.3);
            double radius = Math.max(1, scale * between(0.002, 0.012));
            Scalar colour = colour(80);
            int dots = 40 + random.nextInt(200);
            for (int d = 0; d < dots; d++) {
                double x = cx + spread * bell();
                double y = cy + spread * bell();
                double r = radius * between(0.4, 1.6);
                Scalar shade = new Scalar(jitter(colour.val[0], 30), jitter(colour.val[1], 30), jitter(colour.val[2], 30));
                new Shape.Ellipse(x, y, r, r * between(0.4, 1), between(0, 180)).draw(image, shade, 0, 0);
            }
        }
    }

    /** Uneven light and a vignette: a coarse brightness grid multiplied in. */
    private void lighting(MatScope scope, Mat image) {
        Mat grid = scope.add(new Mat(3, 3, CvType.CV_8UC3));
        byte[] cells = new byte[27];
        for (int i = 0; i < 9; i++) {
            boolean centre = i == 4;
            int level = (int) (centre ? between(235, 255) : between(150, 250));
            cells[3 * i] = cells[3 * i + 1] = cells[3 * i + 2] = (byte) level;
        }
        grid.put(0, 0, cells);
        Mat light = scope.mat();
        Imgproc.resize(grid, light, size, 0, 0, Imgproc.INTER_CUBIC);
        Core.multiply(image, light, image, 1 / 255.0);
    }

    /** A lens is never perfectly sharp. */
    private void blur(Mat image) {
        Imgproc.GaussianBlur(image, image, new Size(0, 0), between(0.5, 1.1));
    }

    /** Sensor noise: uniform per channel, of an amplitude that varies per image. */
    private void noise(MatScope scope, Mat image) {
        byte[] bytes = new byte[width * height * 3];
        for (int i = 0; i < bytes.length; i += 8) {
            long bits = random.nextLong();
            for (int b = 0; b < 8 && i + b < bytes.length; b++) {
                bytes[i + b] = (byte) (bits >>> (8 * b));
            }
        }
        Mat noise = scope.add(new Mat(height, width, CvType.CV_8UC3));
        noise.put(0, 0, bytes);
        double amplitude = between(2, 7);
        Core.addWeighted(image, 1, noise, amplitude / 127.5, -amplitude, image);
    }

    /** A grid of colours around the scene's tint, each channel within +-{@code spread}. */
    private Mat colourGrid(int columns, int rows, double spread) {
        byte[] cells = new byte[columns * rows * 3];
        for (int i = 0; i < columns * rows; i++) {
            double light = between(-spread, spread);
            for (int c = 0; c < 3; c++) {
                cells[3 * i + c] = (byte) clamp(tint[c] + light + between(-spread, spread) * 0.6);
            }
        }
        Mat grid = new Mat(rows, columns, CvType.CV_8UC3);
        grid.put(0, 0, cells);
        return grid;
    }

    /** Detail for one plasma octave: values around 128, mostly in brightness, some in colour. */
    private Mat offsetGrid(int columns, int rows, double spread) {
        byte[] cells = new byte[columns * rows * 3];
        for (int i = 0; i < columns * rows; i++) {
            double light = spread * bell();
            for (int c = 0; c < 3; c++) {
                cells[3 * i + c] = (byte) clamp(128 + light + 0.4 * spread * bell());
            }
        }
        Mat grid = new Mat(rows, columns, CvType.CV_8UC3);
        grid.put(0, 0, cells);
        return grid;
    }

    /** A colour near the scene's tint, or (one time in three) anywhere. */
    private Scalar colour(double spread) {
        boolean free = random.nextInt(3) == 0;
        double[] bgr = new double[3];
        double light = between(-spread, spread);
        for (int c = 0; c < 3; c++) {
            bgr[c] = free ? between(10, 245) : clamp(tint[c] + light + between(-spread, spread) * 0.5);
        }
        return new Scalar(bgr);
    }

    private Rect clip(Rect r) {
        int x = Math.max(0, r.x);
        int y = Math.max(0, r.y);
        int right = Math.min(width, r.x + r.width);
        int bottom = Math.min(height, r.y + r.height);
        return new Rect(x, y, Math.max(0, right - x), Math.max(0, bottom - y));
    }

    private static Point subPixel(Point p) {
        return new Point(Math.round(p.x * Shape.ONE), Math.round(p.y * Shape.ONE));
    }

    private double jitter(double value, double spread) {
        return clamp(value + between(-spread, spread));
    }

    /**
     * Roughly normal, mean 0 and deviation 1: the sum of four uniform numbers, plain arithmetic
     * that every JVM computes to the same bits (unlike a Gaussian built on logarithms).
     */
    private double bell() {
        return (random.nextDouble() + random.nextDouble() + random.nextDouble() + random.nextDouble() - 2) * Math.sqrt(3);
    }

    private double between(double low, double high) {
        return low + (high - low) * random.nextDouble();
    }

    private static double clamp(double value) {
        return Math.max(0, Math.min(255, value));
    }
}
