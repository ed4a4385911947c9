package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MeanDifferenceTest {

    @Test
    void welchsIntervalWithTheSatterthwaiteDegreesOfFreedomRoundedDown() {
        // a: mean 14, variance 10, n 5; b: mean 22, variance 4, n 3. Standard errors squared 2 and 4/3;
        // df = (10/3)^2 / (2^2/4 + (4/3)^2/2) = 5.88, taken as 5: t = 2.570581836.
        MeanDifference d = MeanDifference.of(Sample.of(10, 12, 14, 16, 18), Sample.of(20, 22, 24));
        double half = 2.570581836 * Math.sqrt(2 + 4.0 / 3);
        assertThat(d.value()).isEqualTo(-8.0);
        assertThat(d.ciLow()).isCloseTo(-8 - half, within(1e-9));
        assertThat(d.ciHigh()).isCloseTo(-8 + half, within(1e-9));
    }

    @Test
    void equalSpreadsAndSizesGiveThePooledDegreesOfFreedom() {
        // Equal variances and n: df = 2(n - 1) = 4, t = 2.776445105; se = sqrt(2 * 1 / 3).
        MeanDifference d = MeanDifference.of(Sample.of(11, 12, 13), Sample.of(1, 2, 3));
        assertThat(d.value()).isEqualTo(10.0);
        assertThat(d.ciLow()).isCloseTo(10 - 2.776445105 * Math.sqrt(2.0 / 3), within(1e-9));
    }

    @Test
    void runsWithoutSpreadLeaveTheDifferenceAsItIs() {
        MeanDifference d = MeanDifference.of(Sample.of(5, 5), Sample.of(3, 3, 3));
        assertThat(d.ciLow()).isEqualTo(2.0);
        assertThat(d.ciHigh()).isEqualTo(2.0);
    }

    @Test
    void aSingleRunHasNoSpreadToCompare() {
        assertThatThrownBy(() -> MeanDifference.of(Sample.of(5), Sample.of(3, 4)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
