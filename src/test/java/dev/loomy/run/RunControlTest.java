package dev.loomy.run;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunControlTest {

    @Test
    void aRunPastItsEndStopsAsAfterAFirstFailureButIsNotInterrupted() {
        RunControl control = new RunControl();
        control.endBy(System.nanoTime() + 60_000_000_000L);

        assertThat(control.stopping()).isFalse();
        assertThat(control.ended()).isFalse();
        assertThat(control.abandonStarted()).isFalse();

        control.endBy(System.nanoTime() - 1);

        assertThat(control.skipNew()).isTrue();
        assertThat(control.abandonStarted()).isTrue();
        assertThat(control.ended()).isTrue();
        assertThat(control.interrupted()).isFalse();
    }

    @Test
    void withoutAnEndNothingStops() {
        RunControl control = new RunControl();

        assertThat(control.stopping()).isFalse();
        assertThat(control.ended()).isFalse();
        assertThat(control.abandonStarted()).isFalse();
    }
}
