package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SampleTest {

    @Test
    void meanSampleStandardDeviationAndStudentInterval() {
        // Mean 14; squares 16+4+0+4+16 = 40 over n-1 = 4: sd = sqrt(10); t(0.975, 4) = 2.776445.
        Sample s = Sample.of(10, 12, 14, 16, 18);
        assertThat(s.n()).isEqualTo(5);
        assertThat(s.mean()).isEqualTo(14.0);
        assertThat(s.stddev()).isCloseTo(Math.sqrt(10), within(1e-12));
        double half = 2.776445105 * Math.sqrt(10) / Math.sqrt(5);
        assertThat(s.ciLow()).isCloseTo(14 - half, within(1e-8));
        assertThat(s.ciHigh()).isCloseTo(14 + half, within(1e-8));
        assertThat(s.ciHalfWidth()).isCloseTo(3.926486, within(1e-6));
        assertThat(s.relativeCiHalfWidth()).isCloseTo(3.926486 / 14, within(1e-6));
        assertThat(s.median()).isEqualTo(14.0);
        assertThat(s.min()).isEqualTo(10.0);
        assertThat(s.max()).isEqualTo(18.0);
        assertThat(s.outliers()).isZero();
    }

    @Test
    void twoRunsGiveTheWidestIntervalWhichStopsAtZero() {
        // sd of {1, 3} is sqrt(2); t(0.975, 1) = 12.7062: half width 12.7062 * sqrt(2) / sqrt(2),
        // below 0 on the low side, where a mean time cannot be.
        Sample s = Sample.of(1, 3);
        assertThat(s.stddev()).isCloseTo(Math.sqrt(2), within(1e-12));
        assertThat(s.ciLow()).isZero();
        assertThat(s.ciHigh()).isCloseTo(2 + 12.706204736, within(1e-8));
        assertThat(s.ciHalfWidth()).isCloseTo(12.706204736, within(1e-8));
        assertThat(s.median()).isEqualTo(2.0);
    }

    @Test
    void aFewSpreadOutTimesNeverGiveANegativeLowerBound() {
        // A cold first run among three: Student's interval is 97.3 ± 257.6 ms.
        Sample s = Sample.of(216.99, 39.488, 35.389);
        assertThat(s.ciLow()).isZero();
        assertThat(s.ciHigh()).isCloseTo(354.855, within(1e-3));
        assertThat(s.relativeCiHalfWidth()).isCloseTo((354.855 - 97.289) / 97.289, within(1e-4));
    }

    @Test
    void withoutOutliersKeepsTheOtherRunsInTheirOrder() {
        assertThat(Sample.withoutOutliers(216.99, 39.488, 35.389)).containsExactly(39.488, 35.389);
        assertThat(Sample.withoutOutliers(100, 102, 101, 99)).containsExactly(100, 102, 101, 99);
        assertThat(Sample.of(216.99, 39.488, 35.389).outliers()).isEqualTo(1);
    }

    @Test
    void oneRunHasNoSpreadAndNoInterval() {
        Sample s = Sample.of(250);
        assertThat(s.mean()).isEqualTo(250.0);
        assertThat(s.hasSpread()).isFalse();
        assertThat(s.stddev()).isNaN();
        assertThat(s.ciLow()).isNaN();
        assertThat(s.ciHigh()).isNaN();
    }

    @Test
    void outliersByHyperfinesRule() {
        // hyperfine's own cases: one slow run among steady ones, one among a low-variance few.
        assertThat(Sample.of(-0.2, 0.0, 0.2, 4.0).outliers()).isEqualTo(1);
        assertThat(Sample.of(0.5, 0.30, 0.29, 0.31, 0.30).outliers()).isEqualTo(1);
        assertThat(Sample.of(-0.2, 0.0, 0.2).outliers()).isZero();
        assertThat(Sample.of(1000.0, 0.0).outliers()).isZero();
        // A sample from a normal distribution has none; two far values added are both found.
        double[] normal = {2.33269488, 1.42195907, -0.57527698, -0.31293437, 2.2948158, 0.75813273, -1.0712388,
            -0.96394741, -1.15897446, 1.10976285};
        assertThat(Sample.of(normal).outliers()).isZero();
        double[] withTwo = java.util.Arrays.copyOf(normal, 12);
        withTwo[10] = 20.0;
        withTwo[11] = -500.0;
        assertThat(Sample.of(withTwo).outliers()).isEqualTo(2);
    }

    @Test
    void identicalRunsButOneMakeThatOneAnOutlier() {
        // The MAD is 0: every value away from the median is an outlier, not a division by zero.
        assertThat(Sample.of(10, 10, 10, 10, 10, 10, 10, 100).outliers()).isEqualTo(1);
        assertThat(Sample.of(10, 10, 10, 10, 10, 10, 10, 100, 100).outliers()).isEqualTo(2);
    }
}
