package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.opencv.OpenCv;
import dev.loomy.opencv.OpenCvPinning;

/**
 * The exact check of origami's catalogue on every x86-64 CPU: with OpenCV pinned (the surefire
 * execution "pinned", as {@code --reproducible}), every filter gives {@code golden/catalogue/}'s bits.
 */
@Tag("pinned")
class PinnedCatalogueGoldenTest {

    @BeforeAll
    static void loadPinnedOpenCv() {
        assertThat(OpenCvPinning.active()).as("OpenCV pinned in this JVM's environment (%s)", OpenCvPinning.ENVIRONMENT)
                .isTrue();
        OpenCv.load();
    }

    static Stream<Arguments> cases() {
        return CatalogueGoldenTest.cases();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void matchesOrigamiToTheBit(String name, String input) {
        CatalogueGoldenTest.Difference difference = CatalogueGoldenTest.compare(name, input);
        assertThat(difference.shape()).as("%s on %s", name, input).isNull();
        assertThat(difference.pixels()).as("%s on %s: %s", name, input, difference).isZero();
    }
}
