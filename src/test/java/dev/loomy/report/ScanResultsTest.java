package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

import dev.loomy.baseline.Baseline;
import dev.loomy.results.Verdict;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.Summary;
import dev.loomy.results.TestResults;

/** Results of a parameter scan: a column per scanned option, rows keyed by their point everywhere. */
class ScanResultsTest {

    @TempDir
    Path dir;

    /** loop and virtual over 4 images at each point; virtual's time is {@code virtualMs[i]} at the i-th point. */
    private static Results scanned(String option, List<String> values, long loopMs, long... virtualMs) {
        List<Measurement> rows = new java.util.ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            Map<String, String> point = Map.of(option, values.get(i));
            rows.add(row("loop", loopMs * (i + 1)).at(point));
            rows.add(row("virtual", virtualMs[i]).at(point));
        }
        Results sample = SampleResults.results();
        return TestResults.of(rows, sample.machine(), sample.options(), false, true);
    }

    private static Measurement row(String strategy, long ms) {
        return new Measurement(strategy, "NoOp", 4, 0,
                List.of(SampleResults.run(ms, 4), SampleResults.run(ms + 2, 4), SampleResults.run(ms - 2, 4)),
                Outcome.OK, null);
    }

    private static String render(ResultFormat format, Results results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        format.write(results, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyFormatHasTheScannedColumnAndNoneWithoutAScan() {
        Results results = scanned("parallelism", List.of("1", "8"), 400, 400, 100);

        List<String> csv = render(new CsvFormat(), results).lines().toList();
        assertThat(csv.get(0)).startsWith("strategy,filter,parallelism,images,");
        assertThat(csv.subList(1, 5)).extracting(l -> l.substring(0, l.indexOf(",4,")))
                .containsExactly("loop,NoOp,1", "virtual,NoOp,1", "loop,NoOp,8", "virtual,NoOp,8");
        assertThat(render(new TableFormat(), results)).contains("Parallelism");
        assertThat(render(new MarkdownFormat(), results)).contains("| Parallelism |",
                "each strategy and filter at each scanned value measured in its own JVM");
        assertThat(render(new JsonFormat(), results)).contains("\"scanned\" : [ \"parallelism\" ]", "\"parallelism\" : 8");
        assertThat(render(new CsvFormat(), SampleResults.results()).lines().findFirst().orElseThrow())
                .doesNotContain("parallelism");
    }

    @Test
    void speedUpsCompareRowsOfTheSamePoint() {
        // loop takes 400 ms at parallelism 1 and 800 ms at 8: each virtual row is against its own point's loop.
        List<Summary> summaries = scanned("parallelism", List.of("1", "8"), 400, 200, 100).summaries();

        assertThat(summaries.get(1).speed().vsLoop().orElseThrow()).isEqualTo(2.0);
        assertThat(summaries.get(3).speed().vsLoop().orElseThrow()).isEqualTo(8.0);
        assertThat(summaries.get(3).speed().vsReference().value()).isEqualTo(8.0, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void aSavedScanIsABaselineKeyedByThePoint() throws Exception {
        Path saved = Files.writeString(dir.resolve("scan.json"),
                render(new JsonFormat(), scanned("io_latency_ms", List.of("0", "20"), 400, 400, 100)));
        // Now virtual is as fast at 0 ms but half as fast at 20 ms: only the 20 ms row regressed.
        Results now = Baseline.read(saved).compare(scanned("io_latency_ms", List.of("0", "20"), 400, 400, 200));

        List<Summary> rows = now.summaries();
        assertThat(rows).allSatisfy(s -> assertThat(s.comparison()).isNotNull());
        assertThat(rows.get(1).comparison().verdict()).isEqualTo(Verdict.NO_CHANGE);
        assertThat(rows.get(3).comparison().changePct()).isEqualTo(-50.0, org.assertj.core.api.Assertions.within(0.5));
    }

    @Test
    void theChartIsImagesPerSecondAgainstTheScannedValueALinePerStrategy() {
        Results latency = scanned("io_latency_ms", List.of("0", "5", "50"), 400, 400, 200, 100);

        XYChart xy = (XYChart) ScanChart.build(latency);
        assertThat(xy.getSeriesMap()).containsOnlyKeys("loop", "virtual");
        assertThat(xy.getSeriesMap().get("virtual").getXData()).containsExactly(0.0, 5.0, 50.0);
        assertThat(xy.getSeriesMap().get("virtual").getYData()).containsExactly(10.0, 20.0, 40.0);
        assertThat(xy.getXAxisTitle()).startsWith("--io-latency");

        CategoryChart counts = (CategoryChart) ScanChart.build(scanned("parallelism", List.of("1", "2", "4"), 400, 400,
                200, 100));
        assertThat(counts.getSeriesMap()).containsOnlyKeys("loop", "virtual");
        assertThat(new java.util.ArrayList<Object>(counts.getSeriesMap().get("loop").getXData())).containsExactly("1", "2", "4");
    }
}
