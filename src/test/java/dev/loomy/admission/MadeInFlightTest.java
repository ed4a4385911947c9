package dev.loomy.admission;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import dev.loomy.samples.ImageSize;
import dev.loomy.samples.SampleGenerator;

/** Images made in memory ({@code loomy samples}) are admitted within the memory there is, as read ones are. */
class MadeInFlightTest {

    private static final long GIB = 1024L * 1024 * 1024;

    private static final AvailableMemory TWENTY_GIB = new AvailableMemory(20 * GIB, GIB);

    @Test
    void theLargestSampleIsMadeOneAtATimeWhereTwoWouldNotFit() {
        long largest = new SampleGenerator(1, new ImageSize(ImageSize.MAX, ImageSize.MAX)).peakBytes();
        assertThat(largest).isGreaterThan(8 * GIB);

        assertThat(InFlightLimit.madeInFlight(largest, 16, TWENTY_GIB)).isEqualTo(1);
    }

    @Test
    void anImageLargerThanTheCeilingIsRefusedSayingWhy() {
        long largest = new SampleGenerator(1, new ImageSize(ImageSize.MAX, ImageSize.MAX)).peakBytes();

        assertThatThrownBy(() -> InFlightLimit.madeInFlight(largest, 2, new AvailableMemory(8 * GIB, GIB)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("of memory to make, at most 6.4 GiB may be used (8.0 GiB available)");
    }

    @Test
    void smallImagesTakeOneThreadPerCore() {
        long photo = new SampleGenerator(1, null).peakBytes();
        assertThat(photo).isLessThan(GIB / 10);

        assertThat(InFlightLimit.madeInFlight(photo, 16, TWENTY_GIB)).isEqualTo(16);
    }
}
