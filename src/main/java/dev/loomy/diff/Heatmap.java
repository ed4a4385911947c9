package dev.loomy.diff;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;

/**
 * A picture of where two images differ and by how much, in the manner of ImageMagick's
 * {@code compare}: A faded to a light gray where the images agree, red where they do not.
 *
 * <ul>
 *   <li>where every channel is equal: gray {@code 192 + luma/4} (192 to 255), luma being A's
 *       (OpenCV's BGR to gray: 0.299 R + 0.587 G + 0.114 B), so that the picture stays recognisable;</li>
 *   <li>where a channel differs: red 255, green and blue {@code round(160 (1 - sqrt((d - 1) / 254)))},
 *       d being the largest channel difference there (1 to 255): pale red (160) for a difference of 1,
 *       pure red (0) for 255. The square root spreads the small differences, the common ones (a
 *       difference of 4 gives 143, 16 gives 121, 64 gives 80), over more of the scale.</li>
 * </ul>
 */
public final class Heatmap {

    /** Green and blue of the palest red, that of a difference of 1: still red against the grays. */
    static final int PALEST = 160;
    /** The gray of black in A: light enough that no gray reads as red. */
    static final int FADED_BLACK = 192;

    /** Green and blue by the difference, {@code 0..255} (0 is never shown). */
    private static final byte[] SCALE = scale();

    private static byte[] scale() {
        byte[] scale = new byte[256];
        for (int d = 1; d < 256; d++) {
            scale[d] = (byte) Math.round(PALEST * (1 - Math.sqrt((d - 1) / 254.0)));
        }
        return scale;
    }

    private Heatmap() {
    }

    /** The heatmap of {@code a} and {@code b}, 8-bit BGR images of the same size: a new Mat the caller releases. */
    public static Mat of(Mat a, Mat b) {
        try (MatScope scope = new MatScope()) {
            Mat difference = scope.mat();
            Core.absdiff(a, b, difference);
            List<Mat> channels = new ArrayList<>();
            Core.split(difference, channels);
            channels.forEach(scope::add);
            Mat largest = scope.mat();
            channels.get(0).copyTo(largest);
            for (Mat channel : channels.subList(1, channels.size())) {
                Core.max(largest, channel, largest);
            }

            Mat gray = scope.mat();
            Imgproc.cvtColor(a, gray, Imgproc.COLOR_BGR2GRAY);
            Mat faded = scope.mat();
            gray.convertTo(faded, CvType.CV_8U, 0.25, FADED_BLACK);
            Mat heat = scope.mat();
            Core.merge(List.of(faded, faded, faded), heat);

            Mat greenBlue = scope.mat();
            Mat scale = scope.mat(1, SCALE.length, CvType.CV_8U);
            scale.put(0, 0, SCALE);
            Core.LUT(largest, scale, greenBlue);
            Mat red = scope.add(new Mat(a.rows(), a.cols(), CvType.CV_8U, new Scalar(255)));
            Mat marks = scope.mat();
            Core.merge(List.of(greenBlue, greenBlue, red), marks);
            // Non-zero in the mask: wherever any channel differs.
            marks.copyTo(heat, largest);
            return scope.keep(heat);
        }
    }
}
