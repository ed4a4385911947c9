package dev.loomy.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.results.MachineInfo;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.RowComparison;
import dev.loomy.results.RowKey;
import dev.loomy.results.Verdict;

class BaselineTest {

    private static final MachineInfo HERE = new MachineInfo(2, 1L << 34, "Eclipse Adoptium 25.0.3+9-LTS", "Linux", "AMD EPYC");

    @TempDir
    Path dir;

    /** loomy's json results, cut down to what a baseline reads; each row: strategy, filter, images/sec, wall times. */
    private Path results(String machine, String... rows) throws IOException {
        Path file = dir.resolve("base.json");
        Files.writeString(file, "{\"machine\": " + machine + ", \"results\": [" + String.join(",", rows) + "]}");
        return file;
    }

    private static String row(String strategy, String filter, double perSec, double... wallMs) {
        StringBuilder runs = new StringBuilder();
        for (double ms : wallMs) {
            runs.append(runs.isEmpty() ? "" : ",").append("{\"wall_ms\": ").append(ms).append('}');
        }
        return "{\"strategy\": \"" + strategy + "\", \"filter\": \"" + filter + "\", \"images_per_sec\": " + perSec
                + ", \"raw_runs\": [" + runs + "]}";
    }

    private static final String SAME_MACHINE = "{\"cores\": 2, \"cpu\": \"AMD EPYC\", \"jdk\": \"Eclipse Adoptium 25.0.3+9-LTS\"}";

    private static RowTimes now(String strategy, String filter, double perSec, double... wallMs) {
        return new RowTimes(new RowKey(strategy, filter, Map.of()), perSec, wallMs, 0);
    }

    @Test
    void slowerBeyondBothIntervalsIsRegressedFasterIsImprovedOverlapIsNoChange() throws Exception {
        Baseline baseline = Baseline.read(results(SAME_MACHINE,
                row("loop", "NoOp", 100, 1000, 1010, 990),
                row("virtual", "NoOp", 200, 500, 505, 495),
                row("pool", "NoOp", 150, 660, 670, 650)));
        List<RowComparison> compared = baseline.compare(List.of(
                now("loop", "NoOp", 80, 1250, 1260, 1240),      // 25% more time, intervals apart
                now("virtual", "NoOp", 250, 400, 404, 396),      // 20% less time, intervals apart
                now("pool", "NoOp", 148, 600, 700, 680)));       // wide interval over the baseline's
        assertThat(compared).extracting(RowComparison::verdict)
                .containsExactly(Verdict.REGRESSED, Verdict.IMPROVED, Verdict.NO_CHANGE);
        assertThat(compared.get(0).baselineImagesPerSec()).isEqualTo(100.0);
        assertThat(compared.get(0).changePct()).isCloseTo(-20.0, within(1e-9));
        assertThat(compared.get(1).changePct()).isCloseTo(25.0, within(1e-9));
        assertThat(compared.get(0).line()).isEqualTo("loop / NoOp: regressed, -20.0% images/sec (80.00 against 100.00), "
                + "beyond both runs' noise");
        assertThat(compared.get(2).line()).isNull();
    }

    @Test
    void aChangeWithinTheNoiseIsNoChangeHoweverLarge() throws Exception {
        // 15% slower on average, but the runs spread over 30%: the intervals overlap.
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 100, 800, 1000, 1200)));
        RowComparison c = baseline.compare(List.of(now("loop", "NoOp", 87, 950, 1150, 1350))).get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(c.regressedBeyond(5)).isFalse();
    }

    @Test
    void aColdRunAmongAFewBaselineRunsDoesNotHideASlowdown() throws Exception {
        // Measured: 3 runs without a warm-up (the first cold; Student's interval -160 to 355 ms), then
        // 5 warm runs with 20 ms of storage latency an image, 2.7 times the baseline's median.
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 101.3, 216.99, 39.488, 35.389)));
        RowComparison c = baseline.compare(List.of(now("loop", "NoOp", 37.21,
                102.322, 107.855, 107.486, 102.694, 112.435))).get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(c.changePct()).isCloseTo(-63.3, within(0.1));
        assertThat(c.regressedBeyond(5)).isTrue();
    }

    @Test
    void aSlowdownWhoseFastestRunIsSlowerThanEveryBaselineRunIsARegression() throws Exception {
        // Seven times slower by the medians; the baseline's first run cold (its interval -58.6 to 129.9 ms),
        // one of the new runs disturbed: the two intervals overlap.
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 289.9, 79.5, 13.8, 13.65)));
        RowComparison c = baseline.compare(List.of(now("loop", "NoOp", 41.2, 96, 97, 95, 98, 160))).get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(c.regressedBeyond(5)).isTrue();
    }

    @Test
    void resultsSavedWithSizesInBytesAreReadAsBeforeAndSoAreThoseInMebibytes() throws Exception {
        // Rows once named peak_heap_bytes and peak_rss_bytes; now peak_heap_mib and peak_rss_mib, as csv.
        String older = row("loop", "NoOp", 100, 1000, 1010, 990).replace("}]}", "}], \"peak_heap_bytes\": 52428800, "
                + "\"peak_rss_bytes\": 314572800}");
        String newer = row("virtual", "NoOp", 200, 500, 505, 495).replace("}]}", "}], \"peak_heap_mib\": 50.0, "
                + "\"peak_rss_mib\": 300.0}");
        Baseline baseline = Baseline.read(results(SAME_MACHINE, older, newer));

        List<RowComparison> compared = baseline.compare(List.of(now("loop", "NoOp", 100, 1000, 1010, 990),
                now("virtual", "NoOp", 200, 500, 505, 495)));
        assertThat(compared).extracting(RowComparison::verdict).containsExactly(Verdict.NO_CHANGE, Verdict.NO_CHANGE);
        assertThat(compared).extracting(RowComparison::baselineImagesPerSec).containsExactly(100.0, 200.0);
    }

    @Test
    void aSingleRunOnEitherSideCannotTellNoiseFromChange() throws Exception {
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 100, 1000)));
        RowComparison c = baseline.compare(List.of(now("loop", "NoOp", 10, 9000, 9100, 9200))).get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.UNKNOWN);
        assertThat(c.changePct()).isCloseTo(-90.0, within(1e-9));
        assertThat(c.regressedBeyond(5)).isFalse();
    }

    @Test
    void runsWithoutAUsableTimeAreLeftOut() throws Exception {
        String edited = row("loop", "NoOp", 100, 1000, 1010, 990).replace("{\"wall_ms\": 990.0}", "{\"wall_ms\": \"n/a\"}")
                .replace("]}", ", {}]}");
        Baseline baseline = Baseline.read(results(SAME_MACHINE, edited));
        assertThat(baseline.compare(List.of(now("loop", "NoOp", 50, 2000, 2010, 1990))).get(0).verdict())
                .isEqualTo(Verdict.REGRESSED);
        Baseline none = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 100, 1000)
                .replace("{\"wall_ms\": 1000.0}", "{\"wall_ms\": null}, {}")));
        assertThat(none.compare(List.of(now("loop", "NoOp", 50, 2000, 2010, 1990))).get(0).verdict())
                .isEqualTo(Verdict.UNKNOWN);
    }

    @Test
    void theLimitCountsOnlyRegressionsLargerThanIt() throws Exception {
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 100, 1000, 1001, 999)));
        RowComparison c = baseline.compare(List.of(now("loop", "NoOp", 90, 1111, 1112, 1110))).get(0);
        assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(c.regressedBeyond(5)).isTrue();
        assertThat(c.regressedBeyond(10)).isFalse();
        assertThat(c.regressedBeyond(15)).isFalse();
    }

    @Test
    void rowsMatchByStrategyFilterAndScannedValues() throws Exception {
        Path file = dir.resolve("scan.json");
        Files.writeString(file, "{\"machine\": " + SAME_MACHINE + ", \"scanned\": [\"parallelism\"], \"results\": ["
                + "{\"strategy\": \"pool\", \"filter\": \"NoOp\", \"parallelism\": 1, \"images_per_sec\": 50, \"raw_runs\": [{\"wall_ms\": 2000}]},"
                + "{\"strategy\": \"pool\", \"filter\": \"NoOp\", \"parallelism\": 2, \"images_per_sec\": 90, \"raw_runs\": [{\"wall_ms\": 1100}]}"
                + "]}");
        Baseline baseline = Baseline.read(file);
        RowTimes two = new RowTimes(new RowKey("pool", "NoOp", Map.of("parallelism", "2")), 99, new double[] {1010}, 0);
        RowTimes four = new RowTimes(new RowKey("pool", "NoOp", Map.of("parallelism", "4")), 99, new double[] {1010}, 0);
        List<RowComparison> compared = baseline.compare(List.of(two, four));
        assertThat(compared).hasSize(1);
        assertThat(compared.get(0).baselineImagesPerSec()).isEqualTo(90.0);
        assertThat(compared.get(0).key().label()).isEqualTo("pool / NoOp (parallelism=2)");
    }

    @Test
    void anotherMachineOrJdkIsSaid() throws Exception {
        assertThat(Baseline.read(results(SAME_MACHINE)).differences(HERE, "local", 0, null)).isEmpty();
        Baseline other = Baseline.read(results("{\"cores\": 16, \"cpu\": \"Intel Xeon\", \"jdk\": \"Oracle 21.0.2\"}"));
        assertThat(other.differences(HERE, "local", 0, null)).hasSize(2);
        assertThat(other.differences(HERE, "local", 0, null).get(0)).contains("another machine", "16 cores, Intel Xeon", "now 2 cores, AMD EPYC");
        assertThat(other.differences(HERE, "local", 0, null).get(1)).contains("another JDK", "Oracle 21.0.2", "25.0.3");
    }

    @Test
    void anotherEngineIsSaidAndABaselineThatDoesNotNameOneIsTakenAsIs() throws Exception {
        String spark = "{\"strategy\": \"loop\", \"filter\": \"NoOp\", \"engine\": \"spark\", "
                + "\"images_per_sec\": 10, \"raw_runs\": []}";
        Baseline onSpark = Baseline.read(results(SAME_MACHINE, spark));
        assertThat(onSpark.differences(HERE, "spark", 0, null)).isEmpty();
        assertThat(onSpark.differences(HERE, "local", 0, null)).singleElement().asString()
                .contains("another engine (spark; now local)");
        assertThat(Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 10, 100))).differences(HERE, "spark", 0, null)).isEmpty();
    }

    @Test
    void aFileThatIsNotLoomysResultsIsNamedWithTheReason() throws IOException {
        Path notJson = Files.writeString(dir.resolve("a.json"), "not json");
        assertThatThrownBy(() -> Baseline.read(notJson)).isInstanceOf(BaselineException.class)
                .hasMessageStartingWith(notJson + ": not json");
        Path other = Files.writeString(dir.resolve("b.json"), "{\"x\": 1}");
        // The message of loomy report's reader: one reader, one way of saying it.
        assertThatThrownBy(() -> Baseline.read(other))
                .hasMessage(other + ": not loomy's json results (no \"results\" and \"machine\")");
        assertThatThrownBy(() -> Baseline.read(dir.resolve("missing.json"))).hasMessage(dir.resolve("missing.json") + ": no such file");
    }

    @Test
    void rowsOverOtherCountsOfImagesAreComparedPerImageAndTheCountsAreSaid() throws Exception {
        // 20 images in 1000 ms a run before; 10 in 770 ms now: less time a run, but 54% more an image.
        String before = "{\"strategy\": \"loop\", \"filter\": \"NoOp\", \"images\": 20, \"images_per_sec\": 20, "
                + "\"raw_runs\": [{\"wall_ms\": 1000}, {\"wall_ms\": 1010}, {\"wall_ms\": 990}]}";
        Baseline baseline = Baseline.read(results(SAME_MACHINE, before));

        RowComparison c = baseline.compare(List.of(new RowTimes(new RowKey("loop", "NoOp", Map.of()), 12.99,
                new double[] {770, 775, 765}, 10))).get(0);

        assertThat(c.verdict()).isEqualTo(Verdict.REGRESSED);
        assertThat(c.changePct()).isCloseTo(-35.05, within(0.01));
        assertThat(baseline.differences(HERE, "local", 10, null)).singleElement().asString()
                .contains("covered 20 images a run, now 10", "compared by time per image");
        assertThat(baseline.differences(HERE, "local", 20, null)).isEmpty();
    }

    @Test
    void aRowWithNoImageDoneOnEitherSideIsNotCompared() throws Exception {
        Baseline baseline = Baseline.read(results(SAME_MACHINE, row("loop", "NoOp", 0, 120, 130),
                row("virtual", "NoOp", 50, 120, 130)));

        assertThat(baseline.compare(List.of(now("loop", "NoOp", 80, 1250, 1260)))).isEmpty();
        // Every image failed now: its time is how fast images were refused.
        assertThat(baseline.compare(List.of(now("virtual", "NoOp", Double.NaN, 20, 21)))).isEmpty();
    }

    @Test
    void otherOptionsThatChangeWhatIsMeasuredAreSaid() throws Exception {
        Path file = dir.resolve("options.json");
        Files.writeString(file, "{\"machine\": " + SAME_MACHINE + ", \"options\": {\"io-latency\": \"0\", "
                + "\"no-write\": true, \"format\": \"csv\"}, \"results\": []}");
        Baseline baseline = Baseline.read(file);

        assertThat(baseline.differences(HERE, "local", 0, options("0", true, "table"))).isEmpty();
        // A scanned option is in each row's key, not a difference of the whole run.
        assertThat(baseline.differences(HERE, "local", 0, options("0,5ms", true, "table"))).isEmpty();
        assertThat(baseline.differences(HERE, "local", 0, options("20ms", false, "json"))).singleElement().asString()
                .contains("other options (--io-latency 0, now 20ms; --no-write true, now false)");
    }

    private static OptionsUsed options(String ioLatency, boolean noWrite, String format) {
        return new OptionsUsed(new OptionsUsed.Selection(List.of("loop"), List.of("NoOp"), List.of()),
                new OptionsUsed.Output(null, noWrite, "same"),
                new OptionsUsed.Measuring("1", null, null, null, null, List.of(), 0),
                new OptionsUsed.Execution("2", "1", ioLatency, "auto", false, true, false),
                new OptionsUsed.Reporting(format, null, null, null),
                new OptionsUsed.Where(List.of("in"), "local", null, null, null, null));
    }

    @Test
    void theResultsLoomyReportReadsAreTheBaselinesRows() throws Exception {
        Baseline baseline = Baseline.read(Path.of("src/test/resources/golden/results/results.json"));

        assertThat(baseline.rows()).extracting(row -> row.key().label()).containsExactly("loop / NoOp",
                "virtual / NoOp", "virtual-priority / NoOp", "threads / NoOp");
        assertThat(baseline.rows()).extracting(RowTimes::imagesPerSec).containsExactly(9.756, 20.0, 19.512, Double.NaN);
        assertThat(baseline.rows().get(1).wallMs()).containsExactly(200.0, 100.0, 300.0);
        assertThat(baseline.rows().get(3).wallMs()).isEmpty();
        assertThat(baseline.engine()).isEqualTo("local");
        assertThat(List.of(baseline.cores(), baseline.cpu(), baseline.jdk())).containsExactly(2, "Test CPU", "Test JDK 25");
    }
}
