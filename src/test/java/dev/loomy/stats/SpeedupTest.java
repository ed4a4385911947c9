package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SpeedupTest {

    @Test
    void ratioOfMediansWithTheRelativeErrorsAddedInQuadrature() {
        // Reference median 100, sd 10 (10%); row median 50, sd 2.5 (5%): 2x +- 2 * sqrt(0.01 + 0.0025).
        Sample reference = Sample.of(90, 100, 110);
        Sample row = Sample.of(47.5, 50, 52.5);
        Speedup s = Speedup.of(reference, row);
        assertThat(s.value()).isCloseTo(2.0, within(1e-12));
        assertThat(s.error()).isCloseTo(2 * Math.sqrt(0.01 + 0.0025), within(1e-12));
    }

    @Test
    void oneDisturbedRunDoesNotMakeTheFasterMedianSlower() {
        // The row's median (90) is faster than the reference's (100); its mean (126.7) is not.
        Speedup s = Speedup.of(Sample.of(100, 100, 100), Sample.of(90, 90, 200));
        assertThat(s.value()).isCloseTo(100.0 / 90, within(1e-12));
        double relRow = Sample.of(90, 90, 200).stddev() / 90;
        assertThat(s.error()).isCloseTo(100.0 / 90 * relRow, within(1e-12));
    }

    @Test
    void theReferenceAgainstItselfIsOneWithItsOwnSpreadTwice() {
        Sample reference = Sample.of(90, 100, 110);
        Speedup s = Speedup.of(reference, reference);
        assertThat(s.value()).isEqualTo(1.0);
        assertThat(s.error()).isCloseTo(Math.sqrt(2) * 0.1, within(1e-12));
    }

    @Test
    void aSingleRunOnEitherSideLeavesTheErrorUnknown() {
        Speedup s = Speedup.of(Sample.of(300), Sample.of(90, 100, 110));
        assertThat(s.value()).isCloseTo(3.0, within(1e-12));
        assertThat(s.error()).isNaN();
        assertThat(Speedup.of(Sample.of(90, 100, 110), Sample.of(50)).error()).isNaN();
    }
}
