package dev.loomy.samples;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.BitSet;
import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.core.MatOfDouble;

import dev.loomy.opencv.OpenCv;

class SampleGeneratorTest {

    @BeforeAll
    static void load() {
        OpenCv.load();
    }

    @Test
    void twoImagesInThreeAreJpegTheThirdPng() {
        SampleGenerator generator = new SampleGenerator(1, null);
        for (int i = 1; i <= 9; i++) {
            assertThat(generator.describe(i).extension()).isEqualTo(i % 3 == 0 ? "png" : "jpg");
        }
    }

    @Test
    void withoutAFixedSizeTheSizesVaryAmongPhotoSizes() {
        SampleGenerator generator = new SampleGenerator(1, null);
        Set<ImageSize> sizes = new HashSet<>();
        for (int i = 1; i <= 20; i++) {
            sizes.add(generator.describe(i).size());
        }
        assertThat(SampleGenerator.PHOTO_SIZES).containsAll(sizes);
        assertThat(sizes).hasSizeGreaterThanOrEqualTo(3);
        assertThat(sizes).anyMatch(s -> s.height() > s.width());
    }

    @Test
    void aFixedSizeIsHonoured() {
        Mat image = new SampleGenerator(3, new ImageSize(97, 61)).paint(2);
        try {
            assertThat(image.cols()).isEqualTo(97);
            assertThat(image.rows()).isEqualTo(61);
            assertThat(image.channels()).isEqualTo(3);
        } finally {
            image.release();
        }
    }

    @Test
    void theSameSeedAndIndexPaintTheSamePixelsAndOthersDoNot() {
        ImageSize size = new ImageSize(320, 240);
        Mat first = new SampleGenerator(5, size).paint(4);
        Mat again = new SampleGenerator(5, size).paint(4);
        Mat otherIndex = new SampleGenerator(5, size).paint(5);
        Mat otherSeed = new SampleGenerator(6, size).paint(4);
        try {
            assertThat(Core.norm(first, again, Core.NORM_INF)).isZero();
            assertThat(Core.norm(first, otherIndex, Core.NORM_L1)).isGreaterThan(0);
            assertThat(Core.norm(first, otherSeed, Core.NORM_L1)).isGreaterThan(0);
        } finally {
            first.release();
            again.release();
            otherIndex.release();
            otherSeed.release();
        }
    }

    @Test
    void imagesAreNotFlat() {
        SampleGenerator generator = new SampleGenerator(1, new ImageSize(640, 480));
        for (int i = 1; i <= 6; i++) {
            Mat image = generator.paint(i);
            MatOfDouble mean = new MatOfDouble();
            MatOfDouble deviation = new MatOfDouble();
            try {
                Core.meanStdDev(image, mean, deviation);
                for (double channel : deviation.toArray()) {
                    assertThat(channel).as("deviation of image %d", i).isGreaterThan(20);
                }
                assertThat(distinctColours(image)).as("colours of image %d", i).isGreaterThan(20_000);
            } finally {
                image.release();
                mean.release();
                deviation.release();
            }
        }
    }

    @Test
    void namesArePaddedSoThatTheySortAsNumbers() {
        assertThat(SampleGenerator.digits(1)).isEqualTo(4);
        assertThat(SampleGenerator.digits(9_999)).isEqualTo(4);
        assertThat(SampleGenerator.digits(10_000)).isEqualTo(5);
        assertThat(new SampleGenerator(1, null).describe(3).fileName(4)).isEqualTo("sample-0003.png");
        assertThat(new SampleGenerator(1, null).describe(12).fileName(5)).isEqualTo("sample-00012.png");
    }

    @Test
    void indexesStartAtOne() {
        assertThatThrownBy(() -> new SampleGenerator(1, null).describe(0)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void sizesAreParsedAndBounded() {
        assertThat(ImageSize.parse("640x480")).isEqualTo(new ImageSize(640, 480));
        assertThat(ImageSize.parse(" 16X20000 ")).isEqualTo(new ImageSize(16, 20_000));
        assertThatThrownBy(() -> ImageSize.parse("640")).hasMessageContaining("WIDTHxHEIGHT");
        assertThatThrownBy(() -> ImageSize.parse("640x-1")).hasMessageContaining("WIDTHxHEIGHT");
        assertThatThrownBy(() -> ImageSize.parse("15x480")).hasMessageContaining("16 to 20000");
        assertThatThrownBy(() -> ImageSize.parse("640x20001")).hasMessageContaining("16 to 20000");
        assertThatThrownBy(() -> ImageSize.parse("99999999999x1")).hasMessageContaining("WIDTHxHEIGHT");
    }

    private static int distinctColours(Mat image) {
        byte[] pixels = new byte[(int) image.total() * 3];
        image.get(0, 0, pixels);
        BitSet seen = new BitSet(1 << 24);
        for (int i = 0; i < pixels.length; i += 3) {
            seen.set((pixels[i] & 0xff) << 16 | (pixels[i + 1] & 0xff) << 8 | (pixels[i + 2] & 0xff));
        }
        return seen.cardinality();
    }
}
