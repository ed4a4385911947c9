package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

class Cartoon2Test {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /**
     * Noise, smooth areas and flat blocks at both ends of the range (where a mean minus one
     * saturates, and where the pixel cannot exceed its mean), on shapes smaller than the block.
     */
    @ParameterizedTest(name = "{0}x{1}")
    @CsvSource({"7, 5", "40, 3", "97, 61", "612, 612"})
    void edgeMaskIsAdaptiveThresholdsInverse(int cols, int rows) {
        try (MatScope scope = new MatScope()) {
            Mat smooth = scope.add(new Mat(rows, cols, CvType.CV_8U));
            Core.randu(smooth, 0, 256);
            Mat left = scope.add(smooth.colRange(0, (cols + 1) / 2));
            Imgproc.GaussianBlur(left, left, new Size(9, 9), 0);
            int[] levels = {0, 1, 2, 253, 254, 255};
            for (int i = 0; i < levels.length && rows > 1; i++) {
                int top = i * rows / levels.length;
                int bottom = Math.max(top + 1, (i + 1) * rows / levels.length);
                scope.add(smooth.submat(top, bottom, cols / 2, cols)).setTo(Scalar.all(levels[i]));
            }
            // Specks one above and below the flat blocks around them.
            for (int y = 0; y < rows; y += 3) {
                for (int x = cols / 2; x < cols; x += 4) {
                    double v = smooth.get(y, x)[0];
                    smooth.put(y, x, v + ((x + y) % 2 == 0 ? 1 : -1));
                }
            }
            Mat edges = scope.mat();
            Imgproc.adaptiveThreshold(smooth, edges, 255, Imgproc.ADAPTIVE_THRESH_MEAN_C, Imgproc.THRESH_BINARY, 15, 2);
            Mat expected = scope.mat();
            Core.bitwise_not(edges, expected);

            Mat actual = scope.mat();
            Cartoon2.blackWhereEdges(smooth, actual);

            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
            assertThat(Core.countNonZero(expected)).as("edges in the image").isPositive();
        }
    }
}
