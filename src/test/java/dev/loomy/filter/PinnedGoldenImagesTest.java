package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;

/**
 * The exact check on every x86-64 CPU: with OpenCV pinned to its baseline code (the surefire
 * execution "pinned" sets the environment, as {@code --reproducible} does), Cartoon2 matches
 * {@code cartoon2/} and ALTMRetinex matches {@code altmretinex-portable/}, every value.
 */
@Tag("pinned")
class PinnedGoldenImagesTest {

    @BeforeAll
    static void loadPinnedOpenCv() {
        // Unpinned, the comparison below would fail on some CPUs for the wrong reason: say so instead.
        assertThat(OpenCvPinning.active()).as("OpenCV pinned in this JVM's environment (%s)", OpenCvPinning.ENVIRONMENT)
                .isTrue();
        OpenCv.load();
    }

    static String[] inputs() {
        return GoldenImagesTest.INPUTS;
    }

    @ParameterizedTest(name = "Cartoon2 {0}")
    @MethodSource("inputs")
    void cartoon2MatchesOrigamiToTheBit(String input) {
        MatDifference difference = GoldenImagesTest.compare(Cartoon2::new, "cartoon2", input);
        assertThat(difference.identical()).as("Cartoon2 on %s: %s", input, difference).isTrue();
    }

    @ParameterizedTest(name = "ALTMRetinex {0}")
    @MethodSource("inputs")
    void altmRetinexMatchesPinnedOrigamiToTheBit(String input) {
        MatDifference difference = GoldenImagesTest.compare(AltmRetinex::new, "altmretinex-portable", input);
        assertThat(difference.identical()).as("ALTMRetinex on %s: %s", input, difference).isTrue();
    }
}
