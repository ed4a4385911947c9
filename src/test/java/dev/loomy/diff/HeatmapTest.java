package dev.loomy.diff;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.opencv.core.Mat;

import dev.loomy.TestImages;
import dev.loomy.opencv.MatScope;

class HeatmapTest {

    @Test
    void differingPixelsAreRedByMagnitudeAndTheRestFadedGray() {
        try (MatScope scope = new MatScope()) {
            Mat a = scope.add(TestImages.image(40, 30, 5));
            Mat b = scope.add(a.clone());
            // Three spots: a difference of 1 in blue, of 64 in green (and 2 in red), of 255 in red.
            set(a, 2, 3, 0, 100);
            set(b, 2, 3, 0, 101);
            set(a, 10, 20, 1, 200);
            set(b, 10, 20, 1, 136);
            set(a, 10, 20, 2, 50);
            set(b, 10, 20, 2, 52);
            set(a, 25, 35, 2, 0);
            set(b, 25, 35, 2, 255);
            Mat heat = scope.add(Heatmap.of(a, b));

            assertThat(pixel(heat, 2, 3)).containsExactly(160, 160, 255);
            // 160 (1 - sqrt(63 / 254)) = 80.3
            assertThat(pixel(heat, 10, 20)).containsExactly(80, 80, 255);
            assertThat(pixel(heat, 25, 35)).containsExactly(0, 0, 255);
            for (int[] at : new int[][] {{0, 0}, {2, 4}, {15, 15}, {29, 39}}) {
                int[] bgr = pixel(a, at[0], at[1]);
                double luma = 0.114 * bgr[0] + 0.587 * bgr[1] + 0.299 * bgr[2];
                int gray = pixel(heat, at[0], at[1])[0];
                assertThat(pixel(heat, at[0], at[1])).containsExactly(gray, gray, gray);
                assertThat((double) gray).isBetween(191 + luma / 4, 193 + luma / 4);
            }
        }
    }

    private static void set(Mat image, int row, int col, int channel, int value) {
        byte[] pixel = new byte[3];
        image.get(row, col, pixel);
        pixel[channel] = (byte) value;
        image.put(row, col, pixel);
    }

    private static int[] pixel(Mat image, int row, int col) {
        byte[] pixel = new byte[3];
        image.get(row, col, pixel);
        return new int[] {pixel[0] & 0xff, pixel[1] & 0xff, pixel[2] & 0xff};
    }
}
