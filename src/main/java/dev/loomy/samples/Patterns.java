package dev.loomy.samples;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;

import dev.loomy.opencv.MatScope;

/** Periodic textures (waves, stripes, checkers) as 8-bit single-channel images. */
final class Patterns {

    private Patterns() {
    }

    /**
     * A plane wave, {@code sin(2π (x cos a + y sin a) / period + phase)}, pushed through
     * {@code gain}: 1 gives a smooth sinusoid, larger gains sharpen it towards hard stripes.
     */
    static Mat stripes(Size size, double period, double angle, double phase, double gain) {
        try (MatScope scope = new MatScope()) {
            return toBytes(wave(scope, size, period, angle, phase), gain);
        }
    }

    /** Two crossed waves multiplied: a (possibly rotated) checkerboard. */
    static Mat checker(Size size, double period, double angle, double phase, double gain) {
        try (MatScope scope = new MatScope()) {
            Mat product = scope.mat();
            Core.multiply(wave(scope, size, period, angle, phase), wave(scope, size, period, angle + Math.PI / 2, phase),
                    product);
            return toBytes(product, gain);
        }
    }

    /** Values in [-1, 1] to [0, 255], saturating once the gain pushes them past the ends. */
    private static Mat toBytes(Mat wave, double gain) {
        Mat bytes = new Mat();
        wave.convertTo(bytes, CvType.CV_8U, 127.5 * gain, 127.5);
        return bytes;
    }

    /**
     * The wave as float values, from two outer products (sin(u + v) = sin u cos v + cos u sin v,
     * u along the columns, v along the rows): no per-pixel sine in Java.
     */
    private static Mat wave(MatScope scope, Size size, double period, double angle, double phase) {
        int width = (int) size.width;
        int height = (int) size.height;
        double k = 2 * Math.PI / period;
        float[] sinU = new float[width];
        float[] cosU = new float[width];
        for (int x = 0; x < width; x++) {
            double u = k * x * StrictMath.cos(angle) + phase;
            sinU[x] = (float) StrictMath.sin(u);
            cosU[x] = (float) StrictMath.cos(u);
        }
        float[] sinV = new float[height];
        float[] cosV = new float[height];
        for (int y = 0; y < height; y++) {
            double v = k * y * StrictMath.sin(angle);
            sinV[y] = (float) StrictMath.sin(v);
            cosV[y] = (float) StrictMath.cos(v);
        }
        Mat first = scope.mat();
        Mat sum = scope.mat();
        Core.gemm(column(scope, cosV), row(scope, sinU), 1, scope.mat(), 0, first);
        Core.gemm(column(scope, sinV), row(scope, cosU), 1, first, 1, sum);
        return sum;
    }

    private static Mat row(MatScope scope, float[] values) {
        Mat mat = scope.add(new Mat(1, values.length, CvType.CV_32F));
        mat.put(0, 0, values);
        return mat;
    }

    private static Mat column(MatScope scope, float[] values) {
        Mat mat = scope.add(new Mat(values.length, 1, CvType.CV_32F));
        mat.put(0, 0, values);
        return mat;
    }
}
