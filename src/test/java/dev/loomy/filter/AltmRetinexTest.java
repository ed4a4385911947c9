package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.opencv.OpenCv;

class AltmRetinexTest {

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    /** The lookup tables stand for origami's multiply of each channel by its weight: every value must agree. */
    @ParameterizedTest(name = "channel {0} times {1}")
    @CsvSource({"0, 0.114", "1, 0.587", "2, 0.299"})
    void weightTablesGiveWhatMultiplyGives(int channel, double weight) {
        Mat values = new Mat(1, 256, CvType.CV_8U);
        Mat floats = new Mat();
        Mat weighted = new Mat();
        try {
            for (int v = 0; v < 256; v++) {
                values.put(0, v, v);
            }
            values.convertTo(floats, CvType.CV_32F);
            Core.multiply(floats, new Scalar(weight), weighted);
            for (int v = 0; v < 256; v++) {
                assertThat(AltmRetinex.weighed(channel, v)).as("value %d", v).isEqualTo((float) weighted.get(0, v)[0]);
            }
        } finally {
            values.release();
            floats.release();
            weighted.release();
        }
    }

    @Test
    void givesUpBetweenItsStepsWhenAskedToStop() {
        Mat image = dev.loomy.TestImages.image(300, 200, 1);
        int[] asked = {0};
        try {
            // The stop comes at the third look: the filter has worked, and gives up in the middle.
            assertThatThrownBy(() -> new AltmRetinex().apply(image, () -> ++asked[0] >= 3))
                    .isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(asked[0]).isEqualTo(3);
            Mat whole = new AltmRetinex().apply(image, () -> false);
            assertThat(whole.size()).isEqualTo(image.size());
            whole.release();
        } finally {
            image.release();
        }
    }
}
