package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;

import org.junit.jupiter.api.Test;

class AutoRepeatTest {

    private static final Duration SHORT = Duration.ofSeconds(1);

    @Test
    void neverFewerThanThreeRunsEvenWhenTheyAgreeExactly() {
        assertThat(AutoRepeat.enough(new double[] {100, 100}, SHORT)).isFalse();
        assertThat(AutoRepeat.enough(new double[] {100, 100}, Duration.ofMinutes(5))).isFalse();
        assertThat(AutoRepeat.enough(new double[] {100, 100, 100}, SHORT)).isTrue();
    }

    @Test
    void stopsOnceTheIntervalIsWithinThreePercentOfTheMean() {
        // {99, 100, 101}: sd 1, half width 4.303 / sqrt(3) = 2.48, 2.5% of 100: enough.
        assertThat(AutoRepeat.enough(new double[] {99, 100, 101}, SHORT)).isTrue();
        // {98, 100, 102}: half width 4.97, 5%: not yet.
        assertThat(AutoRepeat.enough(new double[] {98, 100, 102}, SHORT)).isFalse();
        // Five runs with the same spread narrow it to t(4) * 1.58 / sqrt(5) = 1.96%.
        assertThat(AutoRepeat.enough(new double[] {98, 100, 102, 98, 102}, SHORT)).isTrue();
    }

    @Test
    void stopsAtThirtyRunsOrSixtySecondsHoweverNoisy() {
        double[] noisy = new double[29];
        for (int i = 0; i < noisy.length; i++) {
            noisy[i] = i % 2 == 0 ? 50 : 150;
        }
        assertThat(AutoRepeat.enough(noisy, SHORT)).isFalse();
        assertThat(AutoRepeat.enough(java.util.Arrays.copyOf(noisy, 30), SHORT)).isTrue();
        assertThat(AutoRepeat.enough(new double[] {50, 150, 50}, Duration.ofSeconds(59))).isFalse();
        assertThat(AutoRepeat.enough(new double[] {50, 150, 50}, Duration.ofSeconds(60))).isTrue();
    }

    @Test
    void aCountStoppedByItsCapShortOfThePrecisionSaysSo() {
        double[] noisy = new double[30];
        for (int i = 0; i < noisy.length; i++) {
            noisy[i] = i % 2 == 0 ? 90 : 110;
        }
        // sd 10.17, t(29) 2.045: half width 3.80, 3.8% of 100.
        assertThat(AutoRepeat.shortfall(Sample.of(noisy))).isEqualTo("30 runs (the most) left its interval at ±3.8% of the mean");
        assertThat(AutoRepeat.shortfall(Sample.of(50, 150, 50))).isEqualTo("3 runs in 60 s (the longest) left its interval "
                + "at ±172.1% of the mean");
        assertThat(AutoRepeat.shortfall(Sample.of(99, 100, 101))).isNull();
        assertThat(AutoRepeat.shortfall(Sample.of(100))).isNull();
    }
}
