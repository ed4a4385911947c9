package dev.loomy.report;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;
import dev.loomy.results.TestResults;


/** Hand-made results with known figures, for the format tests. */
final class SampleResults {

    static final MachineInfo MACHINE = new MachineInfo(2, 8L << 30, "Test JDK 25", "TestOS 1.0 (amd64)", "Test CPU");

    private SampleResults() {
    }

    /**
     * A run {@code wallMs} long: every image submitted at 0, image i done at (i + 1) * 10 ms; the
     * images split evenly between the {@code lanes}, if any.
     */
    static RunRecord run(long wallMs, int images, String... lanes) {
        List<ImageTiming> timings = new ArrayList<>();
        for (int i = 0; i < images; i++) {
            String lane = lanes.length == 0 ? null : lanes[i * lanes.length / images];
            timings.add(new ImageTiming(i, 0, (i + 1) * 10_000_000L, ImageTiming.Status.DONE, lane));
        }
        return new RunRecord(wallMs * 1_000_000L, timings, new ResourcePeaks(12, 50L << 20, 300L << 20, true), 2, false);
    }

    /** loop (400, 420, 410 ms) and virtual (200, 100, 300 ms) over 4 images, virtual-priority with two lanes, a crash. */
    static Results results() {
        return results("local", null);
    }

    /** The same, measured by {@code engine} ({@code spark} on {@code master}). */
    static Results results(String engine, String master) {
        Measurement loop = new Measurement("loop", "NoOp", 4, 1, List.of(run(400, 4), run(420, 4), run(410, 4)), Outcome.OK, null);
        Measurement virtual = new Measurement("virtual", "NoOp", 4, 1, List.of(run(200, 4), run(100, 4), run(300, 4)),
                Outcome.OK, null);
        Measurement priority = new Measurement("virtual-priority", "NoOp", 4, 1,
                List.of(run(205, 4, "priority 1", "priority 10")), Outcome.OK, null);
        Measurement crashed = Measurement.crashed("threads", "NoOp", 4, 1, List.of(), "exit status 137, a|b");
        return TestResults.of(List.of(loop, virtual, priority, crashed), MACHINE, options("3", engine, master), false, true);
    }

    /** The options of these results, with {@code --repeat=repeat}. */
    static OptionsUsed options(String repeat, String engine, String master) {
        return new OptionsUsed(new OptionsUsed.Selection(List.of("loop", "virtual"), List.of("NoOp"), List.of()),
                new OptionsUsed.Output("out", false, "same"),
                new OptionsUsed.Measuring(repeat, null, null, null, null, List.of(), 1),
                new OptionsUsed.Execution("2", "1", "0", "auto", false, true, false),
                new OptionsUsed.Reporting("table", null, null, null),
                new OptionsUsed.Where(List.of("in"), engine, master, null, null, null));
    }
}
