package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Core;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;

/**
 * origami's catalogue against its own outputs ({@code golden/catalogue/}, made with OpenCV pinned),
 * with OpenCV as it runs by default. origami itself strays from those bits then, and so may these
 * filters: HighContrast, Valencia and Mayfair (HSV conversions and scaling take SIMD paths that
 * round otherwise) within 10 levels on at most 3% of the pixels, Cartoon (a threshold that flips)
 * on at most 0.01% of them by any amount; the other fourteen not at all.
 * {@link PinnedCatalogueGoldenTest} is the exact check of all eighteen.
 */
class CatalogueGoldenTest {

    /** The filters that may differ under default OpenCV, with the share of pixels that may. */
    static final Map<String, Double> TOLERATED_SHARE = Map.of(
            "HighContrast", 0.03, "Valencia", 0.03, "Mayfair", 0.03, "Cartoon", 0.0001);
    /** How far the three HSV filters' pixels may stray; Cartoon's may by any amount. */
    static final int TOLERATED_LEVELS = 10;

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
        assertThat(OpenCvPinning.active()).as("OpenCV pinned in this JVM's environment").isFalse();
    }

    /** The built-ins whose golden outputs are not under {@code golden/catalogue/}: see {@link GoldenImagesTest}. */
    static final Set<String> NOT_IN_CATALOGUE = Set.of(NoOp.NAME, Cartoon2.NAME, AltmRetinex.NAME);

    /** origami's catalogue: every built-in filter but those, with its defaults. */
    static List<Filter> catalogue() {
        return FilterRegistry.builtIns().filters().stream().filter(f -> !NOT_IN_CATALOGUE.contains(f.name())).toList();
    }

    /** Every catalogue filter with every golden input. */
    static Stream<Arguments> cases() {
        return catalogue().stream().map(Filter::name)
                .flatMap(name -> Stream.of(GoldenImagesTest.INPUTS).map(input -> Arguments.of(name, input)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void matchesOrigamiWithinTheCatalogueTolerance(String name, String input) {
        Difference difference = compare(name, input);
        assertThat(difference.shape()).as("%s on %s", name, input).isNull();
        Double share = TOLERATED_SHARE.get(name);
        if (share == null) {
            assertThat(difference.pixels()).as("%s on %s: %s", name, input, difference).isZero();
            return;
        }
        assertThat(difference.share()).as("%s on %s: %s", name, input, difference).isLessThanOrEqualTo(share);
        if (!name.equals("Cartoon")) {
            assertThat(difference.levels()).as("%s on %s: %s", name, input, difference).isLessThanOrEqualTo(TOLERATED_LEVELS);
        }
    }

    /**
     * How a filter's result on a golden input differs from origami's, pixel by pixel: a pixel
     * differs when any of its channels does.
     */
    record Difference(String shape, long pixels, long total, double levels) {

        double share() {
            return (double) pixels / total;
        }

        @Override
        public String toString() {
            return shape != null ? shape
                    : pixels + " of " + total + " pixels differ, by at most " + (int) levels + " levels";
        }
    }

    static Difference compare(String name, String input) {
        Filter filter = FilterRegistry.builtIns().require(name);
        Mat image = GoldenImagesTest.read("golden/inputs/" + input);
        String golden = "golden/catalogue/" + name + "/" + input.replaceFirst("\\.[a-z]+$", ".png");
        // Gray and Sobelo's are 1-channel PNGs: read as they are.
        Mat expected = Imgcodecs.imread(GoldenImagesTest.resourcePath(golden).toString(), Imgcodecs.IMREAD_UNCHANGED);
        Mat actual = filter.apply(image);
        Mat difference = new Mat();
        try {
            if (!actual.size().equals(expected.size()) || actual.type() != expected.type()) {
                return new Difference("got " + actual + ", expected " + expected, -1, -1, Double.NaN);
            }
            Core.absdiff(actual, expected, difference);
            List<Mat> planes = new java.util.ArrayList<>();
            Core.split(difference, planes);
            Mat largest = planes.get(0);
            for (Mat plane : planes.subList(1, planes.size())) {
                Core.max(largest, plane, largest);
            }
            long pixels = Core.countNonZero(largest);
            double levels = pixels == 0 ? 0 : Core.minMaxLoc(largest).maxVal;
            long total = largest.total();
            planes.forEach(Mat::release);
            return new Difference(null, pixels, total, levels);
        } finally {
            Filters.releaseResult(image, actual);
            image.release();
            expected.release();
            difference.release();
        }
    }
}
