package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;

/**
 * Each filter against origami's own outputs (src/test/resources/golden, see its README): read
 * as the golden images were made ({@code imread} with the default flag), every pixel identical.
 */
class GoldenImagesTest {

    /** The inputs: odd size, 8-bit gray, RGBA, 16-bit and all-black ones included. */
    static final String[] INPUTS = {
        "black-64x64.png", "deep16-256x256.png", "gray-320x240.png", "noise-512x512.png",
        "odd-97x61.png", "plasma-640x480.jpg", "rgba-300x200.png", "shapes-800x600.png",
    };

    @BeforeAll
    static void loadOpenCv() {
        OpenCv.load();
    }

    static Stream<Arguments> cases() {
        return Stream.of(INPUTS).flatMap(input -> Stream.of(
                Arguments.of(new Cartoon2(), "cartoon2", input),
                Arguments.of(new AltmRetinex(), "altmretinex", input)));
    }

    @ParameterizedTest(name = "{1} {2}")
    @MethodSource("cases")
    void matchesOrigamiToTheBit(Filter filter, String goldenFolder, String input) {
        Mat image = read("golden/inputs/" + input);
        Mat expected = read("golden/" + goldenFolder + "/" + input.replaceFirst("\\.[a-z]+$", ".png"));
        Mat actual = filter.apply(image);
        try {
            MatDifference difference = MatDifference.between(actual, expected);
            assertThat(difference.identical()).as("%s on %s: %s", filter.name(), input, difference).isTrue();
        } finally {
            Filters.releaseResult(image, actual);
            image.release();
            expected.release();
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
