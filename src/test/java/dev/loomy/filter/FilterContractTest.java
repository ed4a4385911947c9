package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Core;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.Slow;
import dev.loomy.opencv.OpenCv;

/** What every filter promises (see {@link Filter}): an untouched input, and many threads on one instance. */
class FilterContractTest {

    private static final List<Mat> IMAGES = new ArrayList<>();

    @BeforeAll
    static void readImages() {
        OpenCv.load();
        for (String input : new String[] {"odd-97x61.png", "gray-320x240.png", "rgba-300x200.png", "plasma-640x480.jpg"}) {
            IMAGES.add(GoldenImagesTest.read("golden/inputs/" + input));
        }
    }

    @AfterAll
    static void releaseImages() {
        IMAGES.forEach(Mat::release);
        IMAGES.clear();
    }

    static Stream<Filter> filters() {
        Stream<Filter> origami = Stream.of(new Cartoon2(), new AltmRetinex(), new Cartoon2("Coarse", 4, 3, 2),
                new AltmRetinex("Wide", 7, 0.05, 20, 5, 0.3));
        Stream<Filter> others = Stream.of(new Canny("Light", 20, 60, false), new GammaCorrection("Bright", 2.2),
                new PixelSepia("Deep", 60, -20),
                new Cartoon("Fine", 5, 30, 3, 3, 128, 3, -4), new HighContrast("Pale", 0.5));
        return Stream.concat(Stream.concat(origami, CatalogueGoldenTest.catalogue().stream()), others);
    }

    static Stream<Filter> catalogue() {
        return CatalogueGoldenTest.catalogue().stream();
    }

    /** Flat black, one pixel, one row, one column: each gives a result of its own size, 1 or 3 channels. */
    @ParameterizedTest
    @MethodSource("catalogue")
    void takesBlackAndTinyImages(Filter filter) {
        for (int[] size : new int[][] {{37, 53}, {1, 1}, {1, 9}, {9, 1}, {2, 2}}) {
            Mat black = new Mat(size[0], size[1], CvType.CV_8UC3, Scalar.all(0));
            Mat result = filter.apply(black);
            try {
                assertThat(result.size()).as("%s on %dx%d", filter.name(), size[1], size[0]).isEqualTo(black.size());
                assertThat(result.type()).as(filter.name()).isIn(CvType.CV_8UC3, CvType.CV_8UC1);
            } finally {
                Filters.releaseResult(black, result);
                black.release();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("filters")
    void leavesItsInputUnchanged(Filter filter) {
        for (Mat image : IMAGES) {
            Mat before = image.clone();
            Mat result = filter.apply(image);
            try {
                assertThat(result).isNotSameAs(image);
                MatDifference difference = MatDifference.between(image, before);
                assertThat(difference.identical()).as("%s changed its %s input: %s", filter.name(), image.size(), difference).isTrue();
            } finally {
                Filters.releaseResult(image, result);
                before.release();
            }
        }
    }

    @ParameterizedTest
    @MethodSource("filters")
    void givesAViewOfAnImageWhatItGivesACopy(Filter filter) {
        Mat image = IMAGES.get(3);
        Mat view = image.submat(37, 400, 51, 611);
        Mat copy = view.clone();
        Mat fromView = filter.apply(view);
        Mat fromCopy = filter.apply(copy);
        try {
            MatDifference difference = MatDifference.between(fromView, fromCopy);
            assertThat(difference.identical()).as("%s: %s", filter.name(), difference).isTrue();
        } finally {
            Filters.releaseResult(view, fromView);
            Filters.releaseResult(copy, fromCopy);
            view.release();
            copy.release();
        }
    }

    static Stream<Filter> retinexes() {
        return filters().filter(AltmRetinex.class::isInstance);
    }

    /** origami computes NaN everywhere for an all-black image, which the 8-bit conversion turns into 0. */
    @ParameterizedTest
    @MethodSource("retinexes")
    void altmRetinexTurnsABlackImageBlack(Filter filter) {
        Mat black = new Mat(37, 53, CvType.CV_8UC3, Scalar.all(0));
        Mat result = filter.apply(black);
        try {
            assertThat(result.size()).isEqualTo(black.size());
            assertThat(result.type()).isEqualTo(CvType.CV_8UC3);
            assertThat(Core.countNonZero(result.reshape(1))).isZero();
        } finally {
            Filters.releaseResult(black, result);
            black.release();
        }
    }

    @Slow
    @ParameterizedTest
    @MethodSource("filters")
    void manyThreadsOnOneInstanceGetTheSingleThreadedBits(Filter filter) throws Exception {
        List<Mat> expected = new ArrayList<>();
        for (Mat image : IMAGES) {
            expected.add(filter.apply(image));
        }
        int threads = 8;
        int rounds = 2;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<List<String>>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int offset = t;
                Callable<List<String>> worker = () -> {
                    start.await();
                    List<String> problems = new ArrayList<>();
                    for (int i = 0; i < rounds * IMAGES.size(); i++) {
                        int which = (i + offset) % IMAGES.size();
                        Mat image = IMAGES.get(which);
                        Mat result = filter.apply(image);
                        MatDifference difference = MatDifference.between(result, expected.get(which));
                        if (!difference.identical()) {
                            problems.add(image.size() + ": " + difference);
                        }
                        Filters.releaseResult(image, result);
                    }
                    return problems;
                };
                futures.add(pool.submit(worker));
            }
            start.countDown();
            List<String> problems = new ArrayList<>();
            for (Future<List<String>> future : futures) {
                problems.addAll(future.get());
            }
            assertThat(problems).as("%s from %d threads at once", filter.name(), threads).isEmpty();
        } finally {
            pool.shutdownNow();
            expected.forEach(Mat::release);
        }
    }

    @ParameterizedTest
    @MethodSource("filters")
    void refusesWhatIsNotAn8BitBgrImage(Filter filter) {
        Mat gray = new Mat(8, 8, CvType.CV_8UC1, Scalar.all(9));
        Mat deep = new Mat(8, 8, CvType.CV_16UC3, Scalar.all(9));
        try {
            assertThatThrownBy(() -> filter.apply(gray)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CV_8UC1");
            assertThatThrownBy(() -> filter.apply(deep)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("CV_16UC3");
            assertThatThrownBy(() -> filter.apply(new Mat())).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("empty");
        } finally {
            gray.release();
            deep.release();
        }
    }

    /**
     * A flat image has no edges, so Cartoon2 gives its lookup tables' values: blue (10 levels)
     * maps 0 to 25 and 255 to 0, green (15 levels) 0 to 17, red (80 levels) 0 to 3.
     */
    @ParameterizedTest(name = "BGR {0} {1} {2} -> {3} {4} {5}")
    @CsvSource({"255, 0, 0, 0, 17, 3", "0, 0, 0, 25, 17, 3"})
    void cartoon2ReducesEachChannelWithItsOwnTable(int b, int g, int r, double b2, double g2, double r2) {
        Mat flat = new Mat(40, 40, CvType.CV_8UC3, new Scalar(b, g, r));
        Mat result = new Cartoon2().apply(flat);
        try {
            assertThat(result.get(20, 20)).containsExactly(b2, g2, r2);
            assertThat(result.get(0, 39)).containsExactly(b2, g2, r2);
        } finally {
            result.release();
            flat.release();
        }
    }
}
