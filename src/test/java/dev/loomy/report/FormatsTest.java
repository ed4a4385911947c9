package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static dev.loomy.testing.Csv.cells;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.results.Format;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;
import dev.loomy.results.TestResults;


class FormatsTest {

    private static String render(ResultFormat format, Results results) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        format.write(results, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void csvHasTheContractsColumnsByNameAndOneRowPerMeasurement() {
        String[] lines = render(new CsvFormat(), SampleResults.results()).split("\n");
        List<String> header = cells(lines[0]);
        assertThat(header).contains("strategy", "filter", "images", "failed", "runs", "time_ms_median", "time_ms_min",
                "time_ms_max", "images_per_sec", "speedup_vs_loop", "outcome");
        assertThat(header).contains("lane_priority_1_ms", "lane_priority_10_ms", "peak_rss_mib", "latency_ms_p95");
        assertThat(lines).hasSize(5);
        List<String> virtual = cells(lines[2]);
        assertThat(virtual).hasSameSizeAs(header);
        assertThat(virtual.get(header.indexOf("strategy"))).isEqualTo("virtual");
        assertThat(virtual.get(header.indexOf("time_ms_median"))).isEqualTo("200.000");
        assertThat(virtual.get(header.indexOf("time_ms_min"))).isEqualTo("100.000");
        assertThat(virtual.get(header.indexOf("time_ms_max"))).isEqualTo("300.000");
        assertThat(virtual.get(header.indexOf("images_per_sec"))).isEqualTo("20.000");
        assertThat(virtual.get(header.indexOf("speedup_vs_loop"))).isEqualTo("2.050");
        assertThat(virtual.get(header.indexOf("runs"))).isEqualTo("3");
        assertThat(virtual.get(header.indexOf("outcome"))).isEqualTo("ok");
        assertThat(virtual.get(header.indexOf("peak_rss_mib"))).isEqualTo("300.0");
        assertThat(virtual.get(header.indexOf("time_ms_mean"))).isEqualTo("200.000");
        assertThat(virtual.get(header.indexOf("time_ms_stddev"))).isEqualTo("100.000");
        // Student's interval reaches -48.414 ms; a mean time cannot be below 0.
        assertThat(virtual.get(header.indexOf("time_ms_ci_low"))).isEqualTo("0.000");
        assertThat(virtual.get(header.indexOf("time_ms_ci_high"))).isEqualTo("448.414");
        assertThat(virtual.get(header.indexOf("speedup"))).isEqualTo("2.050");
        assertThat(virtual.get(header.indexOf("speedup_error"))).isEqualTo("1.026");
        assertThat(header).doesNotContain("baseline_images_per_sec", "alloc_mb_per_image", "pinned_events", "jfr_file");
        List<String> priority = cells(lines[3]);
        assertThat(priority.get(header.indexOf("lane_priority_1_ms"))).isEqualTo("20.000");
        assertThat(priority.get(header.indexOf("lane_priority_10_ms"))).isEqualTo("40.000");
        // One run: a mean, no spread, no interval; the speed-up without an error.
        assertThat(priority.get(header.indexOf("time_ms_mean"))).isEqualTo("205.000");
        assertThat(priority.get(header.indexOf("time_ms_stddev"))).isEmpty();
        assertThat(priority.get(header.indexOf("time_ms_ci_low"))).isEmpty();
        assertThat(priority.get(header.indexOf("speedup_error"))).isEmpty();
        List<String> crashed = cells(lines[4]);
        assertThat(crashed).hasSameSizeAs(header);
        assertThat(crashed.get(header.indexOf("outcome"))).isEqualTo("crashed");
        assertThat(crashed.get(header.indexOf("time_ms_median"))).isEmpty();
        assertThat(crashed.get(header.indexOf("note"))).isEqualTo("exit status 137, a|b");
    }

    @Test
    void jsonRowsCarryEveryCsvColumnUnderItsNameWithTheSameFigure() throws Exception {
        Results results = SampleResults.results();
        String[] csv = render(new CsvFormat(), results).split("\n");
        List<String> header = cells(csv[0]);
        List<String> virtual = cells(csv[2]);
        JsonNode row = new ObjectMapper().readTree(render(new JsonFormat(), results)).at("/results/1");

        // The lanes' times, a column each in csv, are one object in json (lane_ms).
        assertThat(header).filteredOn(column -> !column.startsWith("lane_"))
                .allSatisfy(column -> assertThat(row.has(column)).as(column).isTrue());
        assertThat(row.get("peak_heap_mib").asDouble()).isEqualTo(50.0);
        assertThat(row.get("peak_rss_mib").asDouble()).isEqualTo(300.0);
        assertThat(Double.parseDouble(virtual.get(header.indexOf("peak_heap_mib")))).isEqualTo(50.0);
        assertThat(Double.parseDouble(virtual.get(header.indexOf("peak_rss_mib")))).isEqualTo(300.0);
    }

    @Test
    void jsonCarriesMachineOptionsFiguresAndEveryRawRun() throws Exception {
        JsonNode root = new ObjectMapper().readTree(render(new JsonFormat(), SampleResults.results()));
        assertThat(root.at("/machine/cores").asInt()).isEqualTo(2);
        assertThat(root.at("/machine/memory_bytes").asLong()).isEqualTo(8L << 30);
        assertThat(root.at("/machine/jdk").asText()).isEqualTo("Test JDK 25");
        assertThat(root.at("/machine/cpu").asText()).isEqualTo("Test CPU");
        assertThat(root.at("/options/repeat").asInt()).isEqualTo(3);
        assertThat(root.at("/forked").asBoolean()).isTrue();
        assertThat(root.at("/method").asText()).contains("median of 3 runs after 1 warm-up");
        JsonNode results = root.get("results");
        assertThat(results).hasSize(4);
        JsonNode virtual = results.get(1);
        assertThat(virtual.get("strategy").asText()).isEqualTo("virtual");
        assertThat(virtual.get("time_ms_median").asDouble()).isEqualTo(200.0);
        assertThat(virtual.get("speedup_vs_loop").asDouble()).isEqualTo(2.05);
        // From a latency histogram: within 0.1%.
        assertThat(virtual.get("latency_ms_p50").asDouble()).isCloseTo(20.0, within(0.02));
        assertThat(virtual.get("latency_ms_p95").asDouble()).isCloseTo(40.0, within(0.04));
        assertThat(virtual.get("peak_threads").asInt()).isEqualTo(12);
        assertThat(virtual.get("outcome").asText()).isEqualTo("ok");
        assertThat(virtual.get("time_ms_mean").asDouble()).isEqualTo(200.0);
        assertThat(virtual.get("time_ms_ci_high").asDouble()).isEqualTo(448.414);
        assertThat(virtual.get("speedup").asDouble()).isEqualTo(2.05);
        assertThat(virtual.get("speedup_error").asDouble()).isEqualTo(1.026);
        JsonNode runs = virtual.get("raw_runs");
        assertThat(runs).hasSize(3);
        assertThat(runs.get(1).get("wall_ms").asDouble()).isEqualTo(100.0);
        assertThat(runs.get(1).get("peak_rss_bytes").asLong()).isEqualTo(300L << 20);
        assertThat(runs.get(1).get("rss_windowed").asBoolean()).isTrue();
        assertThat(runs.get(1).get("completed_ms")).extracting(JsonNode::asDouble).containsExactly(10.0, 20.0, 30.0, 40.0);
        assertThat(runs.get(1).get("submitted_ms")).hasSize(4);
        assertThat(results.get(2).at("/lane_ms/priority 10").asDouble()).isEqualTo(40.0);
        assertThat(results.get(2).at("/raw_runs/0/lane_ms/priority 1").asDouble()).isEqualTo(20.0);
        JsonNode crashed = results.get(3);
        assertThat(crashed.get("outcome").asText()).isEqualTo("crashed");
        assertThat(crashed.get("time_ms_median").isNull()).isTrue();
        assertThat(crashed.get("speedup_vs_loop").isNull()).isTrue();
        assertThat(crashed.get("raw_runs")).isEmpty();
        assertThat(results.get(0).get("speedup_vs_loop").asDouble()).isEqualTo(1.0);
    }

    /**
     * loop over 10 images, stopped after 500 ms: 4 images done, 1 failed, 5 never started. Every
     * format counts the 5 it finished and gives their rate, 10 images/sec, not 20.
     */
    @Test
    void anInterruptedRowCountsOnlyTheImagesItFinishedInEveryFormat() throws Exception {
        List<ImageTiming> timings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            ImageTiming.Status status = i < 4 ? ImageTiming.Status.DONE
                    : i == 4 ? ImageTiming.Status.FAILED : ImageTiming.Status.SKIPPED;
            timings.add(new ImageTiming(i, 0, (i + 1) * 10_000_000L, status, null));
        }
        RunRecord partial = new RunRecord(500_000_000L, timings, new ResourcePeaks(12, 50L << 20, 300L << 20, true), 1, true);
        Measurement loop = new Measurement("loop", "NoOp", 10, 0, List.of(partial), Outcome.INTERRUPTED,
                "after 5 of 10 images; the figures cover those");
        Results base = SampleResults.results();
        Results results = TestResults.of(List.of(loop), base.machine(), base.options(), true, false);

        String[] csv = render(new CsvFormat(), results).split("\n");
        List<String> header = cells(csv[0]);
        List<String> row = cells(csv[1]);
        assertThat(row.get(header.indexOf("images"))).isEqualTo("5");
        assertThat(row.get(header.indexOf("failed"))).isEqualTo("1");
        assertThat(row.get(header.indexOf("images_per_sec"))).isEqualTo("10.000");
        JsonNode json = new ObjectMapper().readTree(render(new JsonFormat(), results)).at("/results/0");
        assertThat(json.get("images").asInt()).isEqualTo(5);
        assertThat(json.get("images_per_sec").asDouble()).isEqualTo(10.0);
        assertThat(json.at("/raw_runs/0/done").asInt()).isEqualTo(4);
        String table = render(new TableFormat(), results);
        assertThat(table).containsPattern("NoOp +500\\.0 +500\\.0 +5 +1 +10\\.00 ")
                .contains("NoOp: interrupted after 5 of 10 images; the figures cover those")
                .doesNotContain("interrupted: ");
        assertThat(render(new MarkdownFormat(), results)).containsPattern("\\| 5 \\| 1 \\| 10\\.00 \\| 100\\.0 \\|")
                .contains("interrupted after 5 of 10 images; the figures cover those");
    }

    @Test
    void anAutomaticRunCountStoppedAtItsCapShortOfThePrecisionIsSaidInOneLine() {
        List<RunRecord> runs = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            runs.add(SampleResults.run(i % 2 == 0 ? 90 : 110, 4));
        }
        Measurement loop = new Measurement("loop", "NoOp", 4, 1, runs, Outcome.OK, null);
        Measurement virtual = new Measurement("virtual", "NoOp", 4, 1,
                List.of(SampleResults.run(99, 4), SampleResults.run(100, 4), SampleResults.run(101, 4)), Outcome.OK, null);
        Results results = TestResults.of(List.of(loop, virtual), SampleResults.MACHINE,
                SampleResults.options("auto", "local", null), false, true);
        String expected = "--repeat=auto stopped short of ±3%: loop / NoOp: 30 runs (the most) left its interval at "
                + "±3.8% of the mean.";
        assertThat(render(new MarkdownFormat(), results)).contains(expected).doesNotContain("virtual / NoOp: 3 runs");
        assertThat(render(new TableFormat(120, false), results)).contains(expected);
        Results counted = TestResults.of(List.of(loop), SampleResults.MACHINE, SampleResults.options("30", "local", null),
                false, true);
        assertThat(render(new TableFormat(), counted)).doesNotContain("stopped short");
        // A row that crashed after a few runs did not stop at the cap.
        Measurement crashed = new Measurement("threads", "NoOp", 4, 1,
                List.of(SampleResults.run(50, 4), SampleResults.run(150, 4)), Outcome.CRASHED, "out of memory");
        Results withCrash = TestResults.of(List.of(crashed), SampleResults.MACHINE, SampleResults.options("auto", "local", null),
                false, true);
        assertThat(render(new TableFormat(), withCrash)).doesNotContain("stopped short");
    }

    @Test
    void markdownIsOneTableWithAStrategyColumn() {
        String text = render(new MarkdownFormat(), SampleResults.results());
        List<String> rows = Arrays.stream(text.split("\n")).filter(l -> l.startsWith("|")).toList();
        assertThat(rows).hasSize(2 + 4);
        // No failures or warnings: their columns are left out; one speed-up column, against the reference.
        int columns = MarkdownFormat.COLUMNS.size() - 2 + 1;
        for (String row : rows) {
            assertThat(row.replace("\\|", "").chars().filter(c -> c == '|').count()).as(row).isEqualTo(columns + 1);
        }
        assertThat(rows.get(0)).isEqualTo("| Strategy | Filter | Time (ms) | Mean±CI (ms) | Images | Avg (images/sec) "
                + "| ms/image | Speed-up | Peak RSS (MiB) | Outcome | Lanes |");
        assertThat(rows.get(1)).matches("\\|( ---:? \\|)+");
        assertThat(rows.get(3)).startsWith("| virtual | NoOp | 200.0 | 200.0±248.4 | 4 | 20.00 | 50.0 | 2.05±1.03x | 300.0 |");
        assertThat(rows.get(5)).contains("| crashed |");
        assertThat(text).contains("exit status 137, a\\|b");
    }

    @Test
    void fewRunsOnSparkSuggestMoreRunsButNotTheAutomaticCountSparkRefuses() {
        // The captions are wrapped: read as one line.
        String local = render(new TableFormat(), SampleResults.results()).replace('\n', ' ');
        String spark = render(new TableFormat(), SampleResults.results("spark", "local[2]")).replace('\n', ' ');

        assertThat(local).contains("use --repeat=3 or more, or --repeat=auto.");
        assertThat(spark).contains("measured on Spark (master local[2])").contains("use --repeat=3 or more.")
                .doesNotContain("--repeat=auto");
    }

    @Test
    void aRunStoppedBeforeAnyCountedRunDoesNotClaimItsWarmups() {
        Results sample = SampleResults.results();
        Measurement m = sample.measurements().get(0);
        Measurement none = new Measurement(m.strategy(), m.filter(), m.images(), m.warmups(), List.of(), Outcome.INTERRUPTED,
                "interrupted during warm-up 1", null);
        Results stopped = TestResults.of(List.of(none), sample.machine(), sample.options(), true, false);

        assertThat(render(new TableFormat(), stopped)).startsWith("Time: wall time of one whole run over all 4 images, "
                + "no run counted: interrupted first;");
    }

    @Test
    void theTableGroupsRowsByStrategyAndSaysOnceWhatWasMeasured() {
        String text = render(new TableFormat(), SampleResults.results());
        assertThat(text).startsWith("Time: wall time of one whole run over all 4 images, median of 3 runs after 1 warm-up");
        assertThat(text.split("Machine: ", -1)).hasSize(2);
        assertThat(text).contains("Machine: 2 cores, 8.0 GiB, Test CPU");
        assertThat(text.split("\nFilter ", -1)).hasSize(5);
        assertThat(text).contains("\nvirtual: one virtual thread per image\n");
        // Mean 200 of {200, 100, 300}, sd 100, t(0.975, 2) 4.303: ± 248.4. Speed-up 410 / 200, with the
        // relative spreads of loop (10 / 410) and virtual (100 / 200) added in quadrature: ± 1.03.
        assertThat(render(new TableFormat(100, true), SampleResults.results()))
                .containsPattern("NoOp +200\\.0 +200\\.0±248\\.4 +4 +0 +20\\.00 +50\\.0 +2\\.05±1\\.03x +20\\.0/40\\.0 +12 "
                + "+300\\.0  ok");
        // At 100 columns the least important go first, and the table says so.
        String narrow = render(new TableFormat(100, false), SampleResults.results());
        assertThat(narrow).containsPattern("NoOp +200\\.0 +200\\.0±248\\.4 +4 +0 +20\\.00 +50\\.0 +2\\.05±1\\.03x +ok")
                .contains("Left out to fit 100 columns: Threads, RSS (MiB), p50/p95 (ms); --wide shows them.");
        assertThat(narrow.lines()).allMatch(line -> line.length() <= 100);
        assertThat(text).containsPattern("NoOp +410\\.0 +410\\.0±24\\.8 +4 +0 +9\\.76 +102\\.5 +1\\.00x ");
        assertThat(text).contains("reference: loop when measured").contains("Fewer than 3 counted runs");
        assertThat(text.replaceAll("\\s+", " ")).contains("a single run gives none, no speed-up error");
        assertThat(text).contains("NoOp: last image done at: priority 1 20.0 ms, priority 10 40.0 ms");
        assertThat(text).contains("NoOp: crashed: exit status 137, a|b");
        assertThat(text.lines()).allMatch(line -> line.length() <= 120);
    }

    @Test
    void aResidentPeakThatCouldNotBeResetPerRunIsMarkedInEveryFormat() throws Exception {
        RunRecord run = SampleResults.run(100, 2);
        RunRecord unwindowed = new RunRecord(run.wallNanos(), run.timeline().points(), new ResourcePeaks(9, 1, 300L << 20, false), 1, false);
        Results results = TestResults.of(List.of(new Measurement("loop", "NoOp", 2, 0, List.of(unwindowed), Outcome.OK, null)),
                SampleResults.MACHINE, SampleResults.results().options(), false, false);
        String table = render(new TableFormat(100, true), results);
        assertThat(table).contains(" *300.0  ok").contains("(* since the JVM started");
        assertThat(render(new MarkdownFormat(), results)).contains("| \\*300.0 |");
        assertThat(render(new CsvFormat(), results).lines().toList().get(1)).contains(",300.0,false,ok,");
        JsonNode row = new ObjectMapper().readTree(render(new JsonFormat(), results)).at("/results/0");
        assertThat(row.get("rss_windowed").asBoolean()).isFalse();
        assertThat(row.at("/raw_runs/0/rss_windowed").asBoolean()).isFalse();
    }

    @Test
    void reportFormatsFollowTheExtension() {
        assertThat(ResultFormat.of(Format.forFile(Path.of("r.CSV")))).isInstanceOf(CsvFormat.class);
        assertThat(ResultFormat.of(Format.forFile(Path.of("a/r.json")))).isInstanceOf(JsonFormat.class);
        assertThat(ResultFormat.of(Format.forFile(Path.of("r.md")))).isInstanceOf(MarkdownFormat.class);
        assertThatThrownBy(() -> ResultFormat.of(Format.forFile(Path.of("r.xlsx")))).hasMessageContaining("unknown extension");
        assertThatThrownBy(() -> ResultFormat.of(Format.forFile(Path.of("report")))).hasMessageContaining("unknown extension");
        assertThat(ResultFormat.of(Format.parse("Markdown"))).isInstanceOf(MarkdownFormat.class);
        assertThatThrownBy(() -> ResultFormat.of(Format.parse("xml"))).hasMessageContaining("table, markdown, csv or json");
    }

    /** A run of {@code wallMs} whose machine was busy {@code busyPct} of its 2 CPUs, this JVM 40% of them. */
    private static RunRecord busy(long wallMs, int busyPct) {
        RunRecord run = SampleResults.run(wallMs, 4);
        long wall = wallMs * 1_000_000L;
        return new RunRecord(run.wallNanos(), run.timeline().points(), run.peaks(), run.workers(), false,
                new dev.loomy.contention.Contention(1, wall, 2 * wall, 2 * wall * busyPct / 100, 2 * wall * 40 / 100,
                        wall, wall / 4, wall / 2, 1.0, 3.0));
    }

    @Test
    void theTableGivesEachRowsContentionNamesTheContendedAndSaysOnceWhereNothingWasMeasured() {
        Measurement loop = new Measurement("loop", "NoOp", 4, 0, List.of(busy(900, 45), busy(910, 45)), Outcome.OK, null);
        Measurement pool = new Measurement("pool", "NoOp", 4, 0, List.of(busy(600, 80), busy(610, 80)), Outcome.OK, null);
        Results results = TestResults.of(List.of(loop, pool), SampleResults.MACHINE, SampleResults.options("2", "local",
                null), false, true);

        String table = render(new TableFormat(), results).replaceAll("\\s+", " ");
        // Others: 45% - 40% = 5% of the CPUs for loop, 80% - 40% = 40% for pool; waits 1/4 over 5/4: 20%.
        assertThat(table).contains("loop / NoOp 5.0% / 20.0%, pool / NoOp 40.0% / 20.0%.")
                .contains("Contended: pool / NoOp: other programs took 10% or more of the CPUs")
                .doesNotContain("Contended: loop");
        String csv = render(new CsvFormat(), results);
        assertThat(csv.lines().skip(1).map(line -> line.contains(",5.000,20.000,") + " "
                + line.contains(",40.000,20.000,"))).containsExactly("true false", "false true");
        assertThat(Charts.subtitle(results)).endsWith("load 1.0-3.0, others took 5.0-40.0% of the CPUs (contended)");

        String unmeasured = render(new TableFormat(), SampleResults.results());
        assertThat(unmeasured.split("Contention could not be measured", -1)).hasSize(2);
        assertThat(Charts.subtitle(SampleResults.results())).endsWith("contention not measured");
        assertThat(render(new TableFormat(), SampleResults.results("spark", "local[2]")))
                .contains("Contention is not measured on Spark");
    }
}
