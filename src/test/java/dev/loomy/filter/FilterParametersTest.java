package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.entry;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterParametersTest {

    @Test
    void cartoon2DefaultsAreOrigamis() {
        Cartoon2 filter = new Cartoon2();
        assertThat(filter.name()).isEqualTo(Cartoon2.NAME).isEqualTo("Cartoon2");
        assertThat(filter.parameters()).containsExactly(
                entry("red", 80),
                entry("green", 15),
                entry("blue", 10));
    }

    @Test
    void altmRetinexDefaultsAreOrigamis() {
        AltmRetinex filter = new AltmRetinex();
        assertThat(filter.name()).isEqualTo(AltmRetinex.NAME).isEqualTo("ALTMRetinex");
        assertThat(filter.parameters()).containsExactly(
                entry("r", 10),
                entry("eps", 0.01),
                entry("eta", 36.0),
                entry("lambda", 10.0),
                entry("kernelRatio", 0.1));
    }

    @Test
    void namedFiltersKeepTheirNameAndParameters() {
        assertThat(new Cartoon2("Poster", 4, 5, 6).parameters().values()).containsExactly(4, 5, 6);
        assertThat(new Cartoon2("Poster", 4, 5, 6).name()).isEqualTo("Poster");
        assertThat(new AltmRetinex("Soft", 3, 0.5, 2.0, 1.5, 1.0).parameters().values()).containsExactly(3, 0.5, 2.0, 1.5, 1.0);
    }

    @ParameterizedTest(name = "red {0} green {1} blue {2}")
    @CsvSource({"0, 15, 10, red", "80, 257, 10, green", "80, 15, -3, blue"})
    void cartoon2RejectsLevelsOutsideOneTo256(int red, int green, int blue, String wrong) {
        assertThatThrownBy(() -> new Cartoon2("c", red, green, blue)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(wrong).hasMessageContaining("1..256");
    }

    @ParameterizedTest(name = "r {0} eps {1} eta {2} lambda {3} kernelRatio {4}")
    @CsvSource({
        "0, 0.01, 36, 10, 0.1, r", "46341, 0.01, 36, 10, 0.1, at most 46340", "10, 0, 36, 10, 0.1, eps", "10, NaN, 36, 10, 0.1, eps",
        "10, 0.01, -1, 10, 0.1, eta", "10, 0.01, 36, 0, 0.1, lambda", "10, 0.01, 36, Infinity, 0.1, lambda",
        "10, 0.01, 36, 10, 0, kernelRatio", "10, 0.01, 36, 10, 1.5, kernelRatio",
    })
    void altmRetinexRejectsParametersOutOfRange(int r, double eps, double eta, double lambda, double kernelRatio, String wrong) {
        assertThatThrownBy(() -> new AltmRetinex("a", r, eps, eta, lambda, kernelRatio))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(wrong);
    }

    @Test
    void filtersNeedANameThatIsNotBlank() {
        assertThatThrownBy(() -> new Cartoon2(" ", 1, 1, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
        assertThatThrownBy(() -> new AltmRetinex(null, 1, 1, 1, 1, 1)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("name");
    }

    @Test
    void builtInsListTheOrigamiFiltersAfterNoOp() {
        FilterRegistry registry = FilterRegistry.builtIns();
        assertThat(registry.names()).containsExactly("NoOp", "Cartoon2", "ALTMRetinex", "Gray", "Canny", "SepiaGray",
                "SepiaRed", "Invert", "GammaCorrection", "EdgePreserving", "DetailEnhance", "Sobelo", "Gotham",
                "HighContrast", "PixelSepia", "Vignetting", "Lark", "Mayfair", "Valencia", "Walden", "Cartoon");
        assertThat(registry.require("altmretinex")).isInstanceOf(AltmRetinex.class);
        assertThat(registry.require("CARTOON2")).isInstanceOf(Cartoon2.class);
    }
}
