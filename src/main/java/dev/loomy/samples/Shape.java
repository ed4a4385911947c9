package dev.loomy.samples;

import java.util.List;

import org.opencv.core.MatOfPoint;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Rect;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;
import dev.loomy.opencv.Mats;

/** A filled shape, drawn anti-aliased with sub-pixel precision. */
sealed interface Shape {

    /** Sub-pixel bits of the coordinates handed to OpenCV's drawing functions. */
    int SHIFT = 4;
    double ONE = 1 << SHIFT;

    /** The pixels the shape may touch (not clipped to any image). */
    Rect bounds();

    /** Draws the shape into {@code target}, whose top-left corner is at ({@code dx}, {@code dy}) of the image. */
    void draw(Mat target, Scalar colour, int dx, int dy);

    record Ellipse(double cx, double cy, double rx, double ry, double angle) implements Shape {

        @Override
        public Rect bounds() {
            double r = Math.max(rx, ry) + 2;
            return new Rect((int) Math.floor(cx - r), (int) Math.floor(cy - r), (int) Math.ceil(2 * r) + 1,
                    (int) Math.ceil(2 * r) + 1);
        }

        @Override
        public void draw(Mat target, Scalar colour, int dx, int dy) {
            Imgproc.ellipse(target, new Point(Math.round((cx - dx) * ONE), Math.round((cy - dy) * ONE)),
                    new Size(Math.round(rx * ONE), Math.round(ry * ONE)), angle, 0, 360, colour, Imgproc.FILLED,
                    Imgproc.LINE_AA, SHIFT);
        }
    }

    /** @param xy the corners, x0, y0, x1, y1, ... */
    record Polygon(double[] xy) implements Shape {

        @Override
        public Rect bounds() {
            double minX = Double.MAX_VALUE;
            double minY = Double.MAX_VALUE;
            double maxX = -Double.MAX_VALUE;
            double maxY = -Double.MAX_VALUE;
            for (int i = 0; i < xy.length; i += 2) {
                minX = Math.min(minX, xy[i]);
                maxX = Math.max(maxX, xy[i]);
                minY = Math.min(minY, xy[i + 1]);
                maxY = Math.max(maxY, xy[i + 1]);
            }
            int x = (int) Math.floor(minX) - 1;
            int y = (int) Math.floor(minY) - 1;
            return new Rect(x, y, (int) Math.ceil(maxX) + 2 - x, (int) Math.ceil(maxY) + 2 - y);
        }

        @Override
        public void draw(Mat target, Scalar colour, int dx, int dy) {
            Point[] corners = new Point[xy.length / 2];
            for (int i = 0; i < corners.length; i++) {
                corners[i] = new Point(Math.round((xy[2 * i] - dx) * ONE), Math.round((xy[2 * i + 1] - dy) * ONE));
            }
            MatOfPoint points = new MatOfPoint(corners);
            try {
                Imgproc.fillPoly(target, List.of(points), colour, Imgproc.LINE_AA, SHIFT);
            } finally {
                Mats.free(points);
            }
        }
    }
}
