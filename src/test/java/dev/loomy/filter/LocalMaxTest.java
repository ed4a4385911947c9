package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Point;
import org.opencv.core.Scalar;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.opencv.MatScope;
import dev.loomy.opencv.OpenCv;

class LocalMaxTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /** Sizes and windows: odd and even, wider and taller than the image, 1 (nothing to do), lines of one pixel. */
    @ParameterizedTest(name = "{0}x{1}, window {2}")
    @CsvSource({"1, 1, 3", "5, 3, 1", "17, 9, 2", "40, 23, 7", "31, 64, 8", "12, 12, 40", "97, 61, 9", "300, 200, 64",
            "1024, 768, 102", "700, 1, 70", "1, 700, 70", "500, 3, 50", "2, 300, 150", "9, 4, 8"})
    void givesWhatDilateGives(int cols, int rows, int k) {
        try (MatScope scope = new MatScope()) {
            Mat src = scope.add(new Mat(rows, cols, CvType.CV_32F));
            Core.randu(src, 0, 1);
            Mat kernel = scope.add(Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(k, k), new Point(-1, -1)));
            Mat expected = scope.mat();
            Imgproc.dilate(src, expected, kernel);

            LocalMax.Result result = localMax(src, k, scope);

            MatDifference difference = MatDifference.between(result.max(), expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
            assertThat(result.max().isContinuous()).isTrue();
            assertThat(result.spare().size()).isEqualTo(src.size());
            assertThat(result.spare().isContinuous()).isTrue();
        }
    }

    /**
     * A window far longer than the image is across takes no room for the part beyond it: a
     * 70000x1 image's window of 7000 once padded its one row to 7000 rows, 2 GB a buffer.
     */
    @ParameterizedTest(name = "{0}x{1}, window {2}")
    @CsvSource({"70000, 1, 7000", "1, 70000, 7000", "70000, 3, 7000", "20000, 20, 2000"})
    void aWindowLongerThanTheImageIsAcrossTakesNoRoomBeyondIt(int cols, int rows, int k) {
        long pixels = (long) rows * cols;
        // Along the long side: the image and the window's padding; across: at most the image thrice.
        assertThat(LocalMax.bufferFloats(rows, cols, k)).isLessThanOrEqualTo(3 * pixels + (long) k * Math.min(rows, cols));
    }

    @ParameterizedTest(name = "a view, window {0}")
    @CsvSource({"5", "16"})
    void readsNothingAroundAView(int k) {
        try (MatScope scope = new MatScope()) {
            // Bright pixels around the view: a border taken from outside it would show.
            Mat whole = scope.add(new Mat(120, 150, CvType.CV_32F, Scalar.all(2)));
            Mat view = scope.add(whole.submat(20, 100, 30, 120));
            Core.randu(view, 0, 1);
            Mat kernel = scope.add(Imgproc.getStructuringElement(Imgproc.MORPH_RECT, new Size(k, k)));
            Mat copy = scope.add(view.clone());
            Mat expected = scope.mat();
            Imgproc.dilate(copy, expected, kernel);

            MatDifference difference = MatDifference.between(localMax(view, k, scope).max(), expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        }
    }

    private static LocalMax.Result localMax(Mat src, int k, MatScope scope) {
        return LocalMax.rect(src, k, LocalMax.buffer(src.rows(), src.cols(), k, scope),
                LocalMax.buffer(src.rows(), src.cols(), k, scope), scope);
    }
}
