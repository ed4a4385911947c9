package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

class StudentTTest {

    private static double exact(long df) {
        return new TDistribution(df).inverseCumulativeProbability(0.975);
    }

    @Test
    void theTableIsExactForEveryWholeDfUpToThirty() {
        for (int df = 1; df <= 30; df++) {
            assertThat(StudentT.critical95(df)).as("df %d", df).isCloseTo(exact(df), within(1e-8));
        }
    }

    @Test
    void betweenAndBeyondTheTableRowsItIsWithinAThousandth() {
        for (long df : new long[] {31, 35, 45, 59, 61, 90, 119, 150, 300, 1000, 1_000_000}) {
            assertThat(StudentT.critical95(df)).as("df %s", df).isCloseTo(exact(df), within(1e-3));
        }
    }

    @Test
    void knownValuesOfThePrintedTable() {
        assertThat(StudentT.critical95(4)).isCloseTo(2.776, within(5e-4));
        assertThat(StudentT.critical95(9)).isCloseTo(2.262, within(5e-4));
        assertThat(StudentT.critical95(Long.MAX_VALUE)).isCloseTo(1.960, within(5e-4));
    }

    @Test
    void belowOneDegreeOfFreedomThereIsNoInterval() {
        assertThatThrownBy(() -> StudentT.critical95(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
