package dev.loomy.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class StatisticsTest {

    @Test
    void medianOfAnOddCountIsTheMiddleValue() {
        assertThat(Statistics.median(new long[] {30, 10, 20})).isEqualTo(20.0);
        assertThat(Statistics.median(new long[] {7})).isEqualTo(7.0);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheTwoMiddleValues() {
        assertThat(Statistics.median(new long[] {40, 10, 30, 20})).isEqualTo(25.0);
        assertThat(Statistics.median(new long[] {1, 2})).isEqualTo(1.5);
    }

    @Test
    void medianDoesNotReorderItsInput() {
        long[] values = {3, 1, 2};
        Statistics.median(values);
        assertThat(values).containsExactly(3, 1, 2);
    }

    @Test
    void nearestRankPercentileIsAlwaysAMeasuredValue() {
        long[] values = {15, 20, 35, 40, 50};
        assertThat(Statistics.percentile(values, 5)).isEqualTo(15);
        assertThat(Statistics.percentile(values, 30)).isEqualTo(20);
        assertThat(Statistics.percentile(values, 40)).isEqualTo(20);
        assertThat(Statistics.percentile(values, 50)).isEqualTo(35);
        assertThat(Statistics.percentile(values, 95)).isEqualTo(50);
        assertThat(Statistics.percentile(values, 100)).isEqualTo(50);
    }

    @Test
    void percentilesOfOneValueAreThatValue() {
        assertThat(Statistics.percentile(new long[] {9}, 0.001)).isEqualTo(9);
        assertThat(Statistics.percentile(new long[] {9}, 100)).isEqualTo(9);
    }

    @Test
    void p95OfTwentyValuesIsTheNineteenth() {
        long[] values = new long[20];
        for (int i = 0; i < 20; i++) {
            values[i] = 20 - i;
        }
        assertThat(Statistics.percentile(values, 95)).isEqualTo(19);
        assertThat(Statistics.percentile(values, 50)).isEqualTo(10);
    }

    @Test
    void refusesPercentilesOutsideTheRangeAndEmptyInput() {
        assertThatThrownBy(() -> Statistics.percentile(new long[] {1}, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Statistics.percentile(new long[] {1}, 100.5)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Statistics.median(new long[0])).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Statistics.min(new long[0])).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void minAndMax() {
        assertThat(Statistics.min(new long[] {5, -2, 9})).isEqualTo(-2);
        assertThat(Statistics.max(new long[] {5, -2, 9})).isEqualTo(9);
    }
}
