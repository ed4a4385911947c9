package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.imageio.OneWriter;
import dev.loomy.baseline.Baselines;
import dev.loomy.console.Console;
import dev.loomy.report.Caveats;
import dev.loomy.results.Format;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;
import dev.loomy.results.TestResults;
import dev.loomy.run.ExitCodes;

/** What csv and json, which have no caption, leave to standard error once the results are out. */
class RigorNotesTest {

    private static final String STOPPED_SHORT = "loomy: note: --repeat=auto stopped short of ±3%: loop / NoOp: "
            + "30 runs (the most) left its interval at ±3.8% of the mean.";

    private static RunRecord run(long wallMs) {
        List<ImageTiming> timings = List.of(new ImageTiming(0, 0, wallMs * 1_000_000L, ImageTiming.Status.DONE, null));
        return new RunRecord(wallMs * 1_000_000L, timings, ResourcePeaks.UNKNOWN, 1, false);
    }

    /** loop / NoOp over 30 runs of 90 and 110 ms: an automatic count at its cap, ±3.8% from the mean. */
    private static Results stoppedShort(String repeat) {
        return stoppedShort(repeat, false);
    }

    private static Results stoppedShort(String repeat, boolean interrupted) {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            runs.add(run(i % 2 == 0 ? 90 : 110));
        }
        OptionsUsed options = new OptionsUsed(new OptionsUsed.Selection(List.of("loop"), List.of("NoOp"), List.of()),
                new OptionsUsed.Output("out", false, "same"),
                new OptionsUsed.Measuring(repeat, null, null, null, null, List.of(), 0),
                new OptionsUsed.Execution("2", "1", "0", "auto", false, true, false),
                new OptionsUsed.Reporting("csv", null, null, null),
                new OptionsUsed.Where(List.of("in"), "local", null, null, null, null));
        return TestResults.of(List.of(new Measurement("loop", "NoOp", 1, 0, runs, Outcome.OK, null)),
                new MachineInfo(2, 8L << 30, "Test JDK 25", "TestOS 1.0 (amd64)", "Test CPU"), options, interrupted, true);
    }

    /** What is said once the results are out: the caveats, then the baselines' last step. */
    private static int finish(Baselines baselines, Results results, int status, boolean quiet, boolean human,
                              PrintStream err) {
        Console console = new Console(err, quiet);
        Caveats.say(results, human ? Format.TABLE : Format.CSV, console);
        return baselines.finish(results, status, OneWriter.noInputs(), console);
    }

    private static String finish(Results results, boolean quiet, boolean human) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = finish(new Baselines(null, null, null), results, ExitCodes.OK, quiet, human,
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(status).isEqualTo(ExitCodes.OK);
        return err.toString(StandardCharsets.UTF_8);
    }

    @Test
    void anAutomaticCountStoppedShortIsSaidOnStandardErrorForFormatsWithoutACaption() {
        assertThat(finish(stoppedShort("auto"), false, false).lines().toList()).containsExactly(STOPPED_SHORT);
    }

    @Test
    void theTableSaysItItselfQuietSaysNothingAndACountGivenHasNothingToSay() {
        assertThat(finish(stoppedShort("auto"), false, true)).isEmpty();
        assertThat(finish(stoppedShort("auto"), true, false)).isEmpty();
        assertThat(finish(stoppedShort("30"), false, false)).isEmpty();
    }

    @Test
    void anInterruptedRunIsNotSavedAsABaselineAndTheOneThereIsKept() throws Exception {
        Path saved = Files.writeString(Files.createTempDirectory("baselines").resolve("keep.json"), "{\"results\": []}");
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = finish(new Baselines(null, saved, null), stoppedShort("30", true),
                ExitCodes.INTERRUPTED, false, true, new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(saved).hasContent("{\"results\": []}");
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("loomy: not saved as baseline " + saved
                + ": the run was interrupted; the one there is kept" + System.lineSeparator());
    }

    @Test
    void aRegressionLimitThatCannotJudgeARowSaysSo() {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        finish(new Baselines(null, null, 5.0), stoppedShort("30"), ExitCodes.OK, false, true,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(err.toString(StandardCharsets.UTF_8)).contains("loomy: warning: loop / NoOp: not in the baseline");
    }

    @Test
    void aWarningNamesTheRowsScannedValues() {
        Results plain = stoppedShort("30");
        Measurement m = plain.measurements().get(0);
        Measurement scanned = new Measurement(m.strategy(), m.filter(), m.images(), m.warmups(), m.runs(), m.outcome(),
                m.note(), null, "local", java.util.Map.of("parallelism", "2"), null);
        Results results = TestResults.of(List.of(scanned), plain.machine(), plain.options(), false, true);
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        finish(new Baselines(null, null, 5.0), results, ExitCodes.OK, false, true,
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(err.toString(StandardCharsets.UTF_8)).contains("loomy: warning: loop / NoOp (parallelism=2): not in the baseline");
    }
}
