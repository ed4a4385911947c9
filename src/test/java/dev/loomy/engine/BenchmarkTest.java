package dev.loomy.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.results.ImageTiming;
import dev.loomy.run.MeasureSettings;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;

/** Benchmark's counting of runs, with runs made up here: an interrupt at a chosen point. */
class BenchmarkTest {

    /** A run over 10 images of which the first {@code finished} were done, the rest never started. */
    private static RunRecord run(int finished, boolean interrupted) {
        List<ImageTiming> images = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            images.add(new ImageTiming(i, 0, (i + 1) * 1_000_000L,
                    i < finished ? ImageTiming.Status.DONE : ImageTiming.Status.SKIPPED, null));
        }
        return new RunRecord(100_000_000L, images, ResourcePeaks.UNKNOWN, 1, interrupted);
    }

    @Test
    void anInterruptInTheOnlyRunKeepsItWithTheImagesItFinished() throws Exception {
        RunControl control = new RunControl();
        Measurement m = Benchmark.measure("loop", "NoOp", 10, 0, 3, MeasureSettings.DEFAULT, null, null, control, label -> {
            control.interrupt();
            return run(3, true);
        });
        assertThat(m.outcome()).isEqualTo(Outcome.INTERRUPTED);
        assertThat(m.images()).isEqualTo(10);
        assertThat(m.imagesFinished()).isEqualTo(3);
        assertThat(m.note()).isEqualTo("after 3 of 10 images; the figures cover those");
    }

    @Test
    void anInterruptAfterWholeRunsCountsThemAndDropsThePartialOne() throws Exception {
        RunControl control = new RunControl();
        int[] calls = {0};
        Measurement m = Benchmark.measure("loop", "NoOp", 10, 0, 3, MeasureSettings.DEFAULT, null, null, control, label -> {
            if (++calls[0] < 3) {
                return run(10, false);
            }
            control.interrupt();
            return run(4, true);
        });
        assertThat(m.runs()).hasSize(2);
        assertThat(m.imagesFinished()).isEqualTo(10);
        assertThat(m.note()).isEqualTo("during run 3, which is not counted");
    }

    @Test
    void anInterruptDuringAWarmUpCountsNoRun() throws Exception {
        RunControl control = new RunControl();
        Measurement m = Benchmark.measure("loop", "NoOp", 10, 1, 3, MeasureSettings.DEFAULT, null, null, control, label -> {
            control.interrupt();
            return run(6, true);
        });
        assertThat(m.outcome()).isEqualTo(Outcome.INTERRUPTED);
        assertThat(m.runs()).as("a warm-up's time is never a measurement").isEmpty();
        assertThat(m.note()).isEqualTo("during warm-up 1, before any counted run");
    }
}
