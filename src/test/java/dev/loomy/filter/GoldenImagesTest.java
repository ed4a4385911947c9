package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;

/**
 * Each filter against origami's own outputs (src/test/resources/golden, see its README), with
 * OpenCV as it runs by default: read as the golden images were made ({@code imread} with the
 * default flag). Cartoon2 is identical on every CPU. ALTMRetinex is identical on CPUs with
 * AVX-512 (where {@code altmretinex/} was made); elsewhere OpenCV's logarithm (Intel IPP) and
 * FMA take other code paths, and origami itself differs by 1 level on a few values, so the
 * check there is the golden README's tolerance. {@link PinnedGoldenImagesTest} is the exact
 * check on every CPU.
 */
class GoldenImagesTest {

    /** The inputs: odd size, 8-bit gray, RGBA, 16-bit and all-black ones included. */
    static final String[] INPUTS = {
        "black-64x64.png", "deep16-256x256.png", "gray-320x240.png", "noise-512x512.png",
        "odd-97x61.png", "plasma-640x480.jpg", "rgba-300x200.png", "shapes-800x600.png",
    };

    /** At most this share of channel values may differ from {@code altmretinex/}, by 1 level, off AVX-512. */
    static final double ALTM_TOLERATED_SHARE = 0.0001;

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
        // These tests are about OpenCV's default code; pinned, they would compare the wrong thing.
        assertThat(OpenCvPinning.active()).as("OpenCV pinned in this JVM's environment").isFalse();
    }

    static Stream<String> inputs() {
        return Stream.of(INPUTS);
    }

    @ParameterizedTest(name = "Cartoon2 {0}")
    @MethodSource("inputs")
    void cartoon2MatchesOrigamiToTheBit(String input) {
        MatDifference difference = compare(Cartoon2::new, "cartoon2", input);
        assertThat(difference.identical()).as("Cartoon2 on %s: %s", input, difference).isTrue();
    }

    @ParameterizedTest(name = "ALTMRetinex {0}")
    @MethodSource("inputs")
    void altmRetinexMatchesOrigamiWithinItsCpuTolerance(String input) {
        MatDifference difference = compare(AltmRetinex::new, "altmretinex", input);
        assertThat(difference.sameShape()).as("ALTMRetinex on %s: %s", input, difference).isTrue();
        if (hasAvx512()) {
            assertThat(difference.identical()).as("ALTMRetinex on %s, AVX-512 CPU: %s", input, difference).isTrue();
        } else {
            assertThat(difference.maxDifference()).as("ALTMRetinex on %s: %s", input, difference).isLessThanOrEqualTo(1);
            assertThat(difference.share()).as("ALTMRetinex on %s: %s", input, difference)
                    .isLessThanOrEqualTo(ALTM_TOLERATED_SHARE);
        }
    }

    /** What {@code filter} gives on golden input {@code input} against {@code golden/folder/}. */
    static MatDifference compare(Supplier<Filter> filter, String folder, String input) {
        Mat image = read("golden/inputs/" + input);
        Mat expected = read("golden/" + folder + "/" + input.replaceFirst("\\.[a-z]+$", ".png"));
        Mat actual = filter.get().apply(image);
        try {
            return MatDifference.between(actual, expected);
        } finally {
            Filters.releaseResult(image, actual);
            image.release();
            expected.release();
        }
    }

    /**
     * Whether the CPU has the AVX-512 subsets of OpenCV's and IPP's AVX-512 code paths (Skylake-X
     * and later, AMD Zen 4 and later), from the kernel's flags; false where they cannot be read.
     */
    static boolean hasAvx512() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/cpuinfo"))) {
            Set<String> flags = lines.filter(l -> l.startsWith("flags")).findFirst()
                    .map(l -> Stream.of(l.substring(l.indexOf(':') + 1).trim().split("\\s+")).collect(Collectors.toSet()))
                    .orElse(Set.of());
            return flags.containsAll(Set.of("avx512f", "avx512cd", "avx512bw", "avx512dq", "avx512vl"));
        } catch (IOException e) {
            return false;
        }
    }

    /** A test resource read with imread's default flag: 8-bit BGR, as the golden images were made. */
    static Mat read(String resource) {
        Path path = resourcePath(resource);
        Mat image = Imgcodecs.imread(path.toString());
        assertThat(image.empty()).as("cannot read %s", path).isFalse();
        return image;
    }

    static Path resourcePath(String resource) {
        URL url = GoldenImagesTest.class.getResource("/" + resource);
        assertThat(url).as("test resource %s", resource).isNotNull();
        try {
            Path path = Path.of(url.toURI());
            assertThat(Files.isRegularFile(path)).isTrue();
            return path;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
