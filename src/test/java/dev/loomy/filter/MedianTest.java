package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
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

class MedianTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /** Below, inside and above the padded range (0.36 to 1 MiB pixels), and other apertures. */
    @ParameterizedTest(name = "{0}x{1}, aperture {2}")
    @CsvSource({"97, 61, 15", "640, 480, 15", "700, 600, 15", "1024, 768, 15", "1023, 1025, 15", "800, 600, 13", "800, 600, 5"})
    void givesWhatMedianBlurGives(int cols, int rows, int ksize) {
        try (MatScope scope = new MatScope()) {
            Mat src = scope.add(new Mat(rows, cols, CvType.CV_8U));
            Core.randu(src, 0, 256);
            // Smooth areas and sharp ones, so that the medians vary.
            Mat top = scope.add(src.rowRange(0, rows / 2));
            Imgproc.GaussianBlur(top, top, new Size(9, 9), 0);
            Mat expected = scope.mat();
            Imgproc.medianBlur(src, expected, ksize);

            Mat actual = Median.blur(src, ksize, scope);

            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        }
    }

    /** Every aperture it takes, on shapes narrower and shorter than the window, in noise and in flat areas. */
    @ParameterizedTest(name = "{0}x{1}, apertures 3 to 15")
    @CsvSource({"1, 1", "1, 40", "40, 1", "7, 5", "97, 61", "300, 17"})
    void histogramMedianGivesWhatMedianBlurGives(int cols, int rows) {
        try (MatScope scope = new MatScope()) {
            Mat src = scope.add(new Mat(rows, cols, CvType.CV_8U));
            Core.randu(src, 0, 256);
            // Black, white and mid-gray blocks: counts pile up in one bin, at both ends of the range.
            scope.add(src.colRange(0, (cols + 2) / 3)).setTo(Scalar.all(0));
            scope.add(src.rowRange(rows / 2, rows)).setTo(Scalar.all(255));
            scope.add(src.submat(0, (rows + 1) / 2, cols / 2, cols)).setTo(Scalar.all(128));
            byte[] pixels = new byte[cols * rows];
            src.get(0, 0, pixels);
            for (int ksize = 3; ksize <= HistogramMedian.MAX_APERTURE; ksize += 2) {
                Mat expected = scope.mat();
                Imgproc.medianBlur(src, expected, ksize);
                byte[] wanted = new byte[cols * rows];
                expected.get(0, 0, wanted);

                assertThat(HistogramMedian.blur(pixels, cols, rows, ksize)).as("aperture %d", ksize).isEqualTo(wanted);
            }
        }
    }

    @ParameterizedTest(name = "a {0}x{1} view")
    @CsvSource({"700, 600", "200, 100"})
    void readsNothingAroundAView(int cols, int rows) {
        try (MatScope scope = new MatScope()) {
            // White around the view: a border taken from outside it would show.
            Mat whole = scope.add(new Mat(rows + 40, cols + 40, CvType.CV_8U, Scalar.all(255)));
            Mat view = scope.add(whole.submat(20, 20 + rows, 20, 20 + cols));
            Core.randu(view, 0, 200);
            Mat expected = scope.mat();
            Imgproc.medianBlur(scope.add(view.clone()), expected, 15);

            MatDifference difference = MatDifference.between(Median.blur(view, 15, scope), expected);
            assertThat(difference.identical()).as("%s", difference).isTrue();
        }
    }

    /**
     * A call on an image the size of the last allocates next to nothing: its arrays, made afresh
     * per call (0.8 MB at 612x612), lived through young collections and were promoted.
     */
    @Test
    void reusesItsArraysFromCallToCall() {
        try (MatScope scope = new MatScope()) {
            Mat src = scope.mat(612, 612, CvType.CV_8U);
            Core.randu(src, 0, 256);
            Median.blur(src, 15, scope);

            long allocated = Allocated.bytesDuring(() -> Median.blur(src, 15, scope));

            assertThat(allocated).isLessThan(16 * 1024);
        }
    }

    /** A workspace kept from a larger image serves a smaller one, from several threads at once. */
    @Test
    void givesWhatMedianBlurGivesFromSeveralThreadsOverShrinkingImages() throws Exception {
        List<Callable<Boolean>> calls = new ArrayList<>();
        for (int k = 0; k < 24; k++) {
            int rows = 300 - 11 * k;
            int cols = 260 - 9 * k;
            calls.add(() -> {
                try (MatScope scope = new MatScope()) {
                    Mat src = scope.mat(rows, cols, CvType.CV_8U);
                    Core.randu(src, 0, 256);
                    Imgproc.GaussianBlur(src, src, new Size(5, 5), 0);
                    Mat expected = scope.mat();
                    Imgproc.medianBlur(src, expected, 15);
                    return MatDifference.between(Median.blur(src, 15, scope), expected).identical();
                }
            });
        }
        Concurrently.allHold(3, calls);
    }

    /** Admission weighs Cartoon2's median by this figure: it is what the arrays of a call hold. */
    @Test
    void itsHeapFigureIsWhatItsArraysHold() {
        HistogramMedian.Workspace workspace = new HistogramMedian.Workspace();
        workspace.pixels(300 * 200);
        workspace.blurPixels(300, 200, 15);

        assertThat(workspace.bytes()).isEqualTo(Median.heapBytes(300, 200, 15));
        assertThat(Median.heapBytes(300, 200, 5)).isZero();
    }
}
