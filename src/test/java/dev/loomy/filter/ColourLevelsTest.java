package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ColourLevelsTest {

    @ParameterizedTest(name = "{0} levels: 0 maps to {1}")
    @CsvSource({"80, 3", "15, 17", "10, 25"})
    void zeroMapsToTheSecondKey(int levels, int secondKey) {
        assertThat(ColourLevels.table(levels)[0]).isEqualTo(secondKey);
    }

    @Test
    void tenLevelsMapTheTopValuesToBlack() {
        int[] table = ColourLevels.table(10);
        assertThat(IntStream.rangeClosed(251, 255).map(v -> table[v]).toArray()).containsOnly(0);
        assertThat(table[250]).isEqualTo(250);
        assertThat(table[249]).isEqualTo(250);
    }

    @Test
    void tenLevelsKeysAreTruncatedSums() {
        // 256 / 10 = 25.6, and each sum is truncated: 0, 25, 50, 75, ... 250.
        int[] table = ColourLevels.table(10);
        for (int key = 25; key <= 250; key += 25) {
            assertThat(table[key]).as("key %d maps to itself", key).isEqualTo(key);
            assertThat(table[key - 24]).as("value %d takes the next key", key - 24).isEqualTo(key);
        }
    }

    @Test
    void oneLevelMapsEverythingToBlack() {
        assertThat(ColourLevels.table(1)).containsOnly(0);
    }

    @Test
    void all256LevelsKeepEveryValueButZero() {
        int[] table = ColourLevels.table(256);
        assertThat(table[0]).isEqualTo(1);
        for (int v = 1; v < 256; v++) {
            assertThat(table[v]).isEqualTo(v);
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, -1, 257})
    void rejectsLevelCountsOutsideOneTo256(int levels) {
        assertThatThrownBy(() -> ColourLevels.table(levels)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("1..256");
    }
}
