package dev.loomy.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.contention.Contention;

class SummaryTest {

    /** Every image submitted at 0; image i done at doneMs[i]; each run's peaks as given. */
    private static RunRecord run(long wallMs, ResourcePeaks peaks, int workers, long... doneMs) {
        List<ImageTiming> images = new ArrayList<>();
        for (int i = 0; i < doneMs.length; i++) {
            images.add(new ImageTiming(i, 0, doneMs[i] * 1_000_000, ImageTiming.Status.DONE, null));
        }
        return new RunRecord(wallMs * 1_000_000, images, peaks, workers, false);
    }

    private static final ResourcePeaks PEAKS = new ResourcePeaks(10, 100, 1000, true);

    /** A run of 1 s on 2 CPUs (2 s of capacity) in which the machine was busy {@code busyMs} and this JVM {@code ownMs}. */
    private static RunRecord contended(long busyMs, long ownMs) {
        long ms = 1_000_000;
        Contention c = new Contention(1, 1000 * ms, 2000 * ms, busyMs * ms, ownMs * ms, 900 * ms, 100 * ms, 50 * ms,
                0.5, 1.5);
        RunRecord run = run(1000, PEAKS, 1, 1);
        return new RunRecord(run.wallNanos(), run.timeline().points(), run.peaks(), run.workers(), false, c);
    }

    @Test
    void aRowIsContendedWhenOthersTookATenthOfTheCpusOverItsRunsSummed() {
        // Others: (1100 - 1000) / 2000 = 5% and (1400 - 1000) / 2000 = 20%: over both, 500 / 4000 = 12.5%.
        Measurement both = new Measurement("pool", "NoOp", 1, 0, List.of(contended(1100, 1000), contended(1400, 1000)),
                Outcome.OK, null);
        Measurement quiet = new Measurement("pool", "NoOp", 1, 0, List.of(contended(1100, 1000), contended(1180, 1000)),
                Outcome.OK, null);

        Summary s = Summary.of(both, null, null);
        assertThat(s.contention().otherCpuPct().getAsDouble()).isCloseTo(12.5, within(1e-9));
        assertThat(s.contention().cpuWaitPct().getAsDouble()).isCloseTo(10.0, within(1e-9));
        assertThat(s.contention().loadBefore()).isEqualTo(0.5);
        assertThat(s.contended()).isTrue();
        assertThat(Summary.of(quiet, null, null).contended()).isFalse();
        // A run that measured nothing leaves the row's figures empty, not those of the other runs alone.
        Measurement part = new Measurement("pool", "NoOp", 1, 0, List.of(contended(1400, 1000), run(1000, PEAKS, 1, 1)),
                Outcome.OK, null);
        assertThat(Summary.of(part, null, null).contended()).isNull();
        assertThat(Summary.of(part, null, null).contention().anyMeasured()).isFalse();
        // Over less than a second, ticks of 10 ms cannot tell: a figure, but no verdict.
        RunRecord run = contended(1400, 1000);
        Contention c = run.contention();
        RunRecord shortRun = new RunRecord(run.wallNanos(), run.timeline().points(), run.peaks(), 1, false, new Contention(1,
                c.wallNanos() / 2, c.cpuCapacityNanos() / 2, c.cpuBusyNanos() / 2, c.ownCpuNanos() / 2, 1L, 1L, 1L, 0.5, 1.5));
        Summary brief = Summary.of(new Measurement("pool", "NoOp", 1, 0, List.of(shortRun), Outcome.OK, null), null, null);
        assertThat(brief.contention().otherCpuPct().getAsDouble()).isCloseTo(20.0, within(1e-9));
        assertThat(brief.contended()).isNull();
    }

    @Test
    void timesAreMedianMinAndMaxOfTheCountedRunsAndThroughputUsesTheMedian() {
        Measurement m = new Measurement("pool", "NoOp", 4, 1, List.of(run(400, PEAKS, 2, 1), run(100, PEAKS, 2, 1),
                run(200, PEAKS, 2, 1)), Outcome.OK, null);
        Summary s = Summary.of(m, null, null);
        assertThat(s.times().medianMs()).isEqualTo(200.0);
        assertThat(s.times().minMs()).isEqualTo(100.0);
        assertThat(s.times().maxMs()).isEqualTo(400.0);
        assertThat(s.speed().imagesPerSec()).isCloseTo(20.0, within(1e-9));
        assertThat(s.speed().vsLoop()).isEmpty();
    }

    @Test
    void speedupIsLoopsMedianOverThisMedianForTheSameFilter() {
        Measurement loop = new Measurement("loop", "NoOp", 1, 0, List.of(run(900, PEAKS, 1, 1), run(1000, PEAKS, 1, 1)),
                Outcome.OK, null);
        Measurement loopOther = new Measurement("loop", "Other", 1, 0, List.of(run(50, PEAKS, 1, 1)), Outcome.OK, null);
        Measurement virtual = new Measurement("virtual", "NoOp", 1, 0, List.of(run(380, PEAKS, 2, 1)), Outcome.OK, null);
        List<Summary> all = Summary.all(List.of(loop, loopOther, virtual), Reference.DEFAULT);
        assertThat(all.get(0).speed().vsLoop()).hasValue(1.0);
        assertThat(all.get(2).speed().vsLoop().getAsDouble()).isCloseTo(950.0 / 380, within(1e-9));
    }

    @Test
    void speedupsCompareTimePerImageWhenARowWasInterrupted() {
        // virtual did 40 images in 706 ms; loop was stopped after 1 of 40, 511 ms in: virtual is 29 times as fast.
        Measurement virtual = new Measurement("virtual", "NoOp", 40, 0, List.of(run(706, PEAKS, 2, 1)), Outcome.OK, null);
        List<ImageTiming> one = List.of(new ImageTiming(0, 0, 500_000_000, ImageTiming.Status.DONE, null));
        Measurement loop = new Measurement("loop", "NoOp", 40, 0,
                List.of(new RunRecord(511_000_000, one, PEAKS, 1, true)), Outcome.INTERRUPTED, "interrupted");

        List<Summary> all = Summary.all(List.of(virtual, loop), Reference.DEFAULT);

        assertThat(all.get(0).speed().vsLoop().getAsDouble()).isCloseTo(511.0 / (706.0 / 40), within(1e-9));
        assertThat(all.get(0).speed().vsReference().value()).isCloseTo(511.0 / (706.0 / 40), within(1e-9));
        assertThat(all.get(1).speed().vsLoop()).hasValue(1.0);
    }

    @Test
    void aRowWhoseEveryImageFailedHasNoThroughputNorSpeedup() {
        List<ImageTiming> failed = List.of(new ImageTiming(0, 0, 1_000_000, ImageTiming.Status.FAILED, null),
                new ImageTiming(1, 0, 2_000_000, ImageTiming.Status.FAILED, null));
        Measurement loop = new Measurement("loop", "NoOp", 2, 0, List.of(new RunRecord(4_000_000, failed, PEAKS, 1, false)),
                Outcome.FAILED_IMAGES, null);
        Measurement virtual = new Measurement("virtual", "NoOp", 2, 0,
                List.of(new RunRecord(2_000_000, failed, PEAKS, 2, false)), Outcome.FAILED_IMAGES, null);

        List<Summary> all = Summary.all(List.of(loop, virtual), Reference.DEFAULT);

        assertThat(all).allSatisfy(s -> assertThat(s.speed().imagesPerSec()).isNaN());
        assertThat(all.get(1).speed().vsLoop()).isEmpty();
        assertThat(all).allSatisfy(s -> assertThat(s.speed().vsReference()).isNull());
        assertThat(all.get(1).times().medianMs()).isEqualTo(2.0);
    }

    @Test
    void latencyPercentilesCoverEveryProcessedImageOfEveryCountedRun() {
        // 10 latencies in all: 10..100 ms; a skipped image does not count.
        RunRecord first = run(100, PEAKS, 1, 10, 20, 30, 40, 50);
        List<ImageTiming> second = new ArrayList<>(run(100, PEAKS, 1, 60, 70, 80, 90, 100).timeline().points());
        second.add(new ImageTiming(5, 0, 5_000_000_000L, ImageTiming.Status.SKIPPED, null));
        Measurement m = new Measurement("loop", "NoOp", 6, 0,
                List.of(first, new RunRecord(100_000_000, second, PEAKS, 1, true)), Outcome.INTERRUPTED, "interrupted");
        Summary s = Summary.of(m, null, null);
        // From a histogram: within 0.1% (three significant digits); the largest exactly.
        assertThat(s.latency().p50Ms()).isCloseTo(50.0, within(0.05));
        assertThat(s.latency().p95Ms()).isCloseTo(100.0, within(0.1));
        assertThat(s.latency().maxMs()).isEqualTo(100.0);
    }

    @Test
    void peaksAndWorkersAreTheMostOverTheRuns() {
        Measurement m = new Measurement("virtual", "NoOp", 1, 0, List.of(
                run(1, new ResourcePeaks(10, 500, 3000, true), 2, 1),
                run(1, new ResourcePeaks(14, 400, 2000, false), 3, 1)), Outcome.OK, null);
        Summary s = Summary.of(m, null, null);
        assertThat(s.resources().peaks()).isEqualTo(new ResourcePeaks(14, 500, 3000, false));
        assertThat(s.resources().workers()).isEqualTo(3);
    }

    @Test
    void laneTimesAreTheMedianOverRunsOfEachLanesLastImage() {
        List<RunRecord> runs = new ArrayList<>();
        long[][] lastDone = {{30, 70}, {10, 90}, {20, 80}};
        for (long[] last : lastDone) {
            runs.add(new RunRecord(100_000_000, List.of(
                    new ImageTiming(0, 0, 5_000_000, ImageTiming.Status.DONE, "priority 1"),
                    new ImageTiming(1, 0, last[0] * 1_000_000, ImageTiming.Status.DONE, "priority 1"),
                    new ImageTiming(2, 0, last[1] * 1_000_000, ImageTiming.Status.DONE, "priority 10")), PEAKS, 2, false));
        }
        Summary s = Summary.of(new Measurement("virtual-priority", "NoOp", 3, 0, runs, Outcome.OK, null), null, null);
        assertThat(s.times().laneMedianMs()).containsExactly(
                org.assertj.core.api.Assertions.entry("priority 1", 20.0),
                org.assertj.core.api.Assertions.entry("priority 10", 80.0));
    }

    @Test
    void aMeasurementWithoutRunsHasNoFigures() {
        Summary s = Summary.of(Measurement.crashed("threads", "NoOp", 5, 0, List.of(), "killed"), null, null);
        assertThat(s.times().medianMs()).isNaN();
        assertThat(s.speed().imagesPerSec()).isNaN();
        assertThat(s.latency().p50Ms()).isNaN();
        assertThat(s.resources().peaks()).isEqualTo(ResourcePeaks.UNKNOWN);
        assertThat(s.times().laneMedianMs()).isEmpty();
    }

    @Test
    void theMedianRunIsTheCountedRunWithTheMedianTime() {
        RunRecord fast = run(100, PEAKS, 1, 1);
        RunRecord middle = run(200, PEAKS, 1, 1);
        RunRecord slow = run(300, PEAKS, 1, 1);
        assertThat(new Measurement("loop", "NoOp", 1, 0, List.of(slow, fast, middle), Outcome.OK, null).medianRun())
                .isSameAs(middle);
        assertThat(new Measurement("loop", "NoOp", 1, 0, List.of(slow, fast), Outcome.OK, null).medianRun()).isSameAs(fast);
        assertThat(Measurement.crashed("loop", "NoOp", 1, 0, List.of(), "x").medianRun()).isNull();
    }
}
