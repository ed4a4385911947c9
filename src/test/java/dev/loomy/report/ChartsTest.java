package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.imageio.TempFiles;
import dev.loomy.console.Console;

class ChartsTest {

    @TempDir
    Path dir;

    @Test
    void theChartAndTheTimelineArePngsOfTheirSize() throws Exception {
        Path chart = dir.resolve("chart.png");
        Path timeline = dir.resolve("timeline.png");
        ReportFiles files = new ReportFiles(null, chart, timeline);
        files.check(null);
        assertThat(files.write(SampleResults.results(), TempFiles.noInputs(), new Console(System.err, false))).isTrue();

        BufferedImage bars = ImageIO.read(chart.toFile());
        assertThat(bars.getWidth()).isEqualTo(ThroughputChart.WIDTH);
        assertThat(bars.getHeight()).isEqualTo(ThroughputChart.HEIGHT);
        BufferedImage points = ImageIO.read(timeline.toFile());
        assertThat(points.getWidth()).isEqualTo(TimelineChart.WIDTH);
        assertThat(points.getHeight()).isEqualTo(TimelineChart.HEIGHT);
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("chart.png", "timeline.png");
        }
    }

    @Test
    void theReportFileIsWrittenInTheFormatOfItsExtension() throws Exception {
        Path report = dir.resolve("results.csv");
        new ReportFiles(report, null, null).write(SampleResults.results(), TempFiles.noInputs(), new Console(System.err, false));
        assertThat(Files.readAllLines(report).get(0)).startsWith("strategy,filter,images,failed,warnings,runs");
    }

    @Test
    void aTitleWiderThanThePlotBesideTheLegendMovesTheLegendBelow() {
        ChartFonts.ready();
        String longTitle = "When each image finished, in each strategy's median run (of 1 run, no warm-up): NoOp on 2 cores, "
                + "AMD EPYC, JDK 25, parallelism 2";

        assertThat(legendAfterFitting(longTitle, "virtual (max_in_flight=unbounded)"))
                .isEqualTo(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        assertThat(legendAfterFitting("Images per second", "virtual (max_in_flight=unbounded)"))
                .isEqualTo(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    }

    @Test
    void aTitleWiderThanTheWholeChartLosesWordsFromItsMiddle() {
        ChartFonts.ready();
        String title = "When each image finished: " + "GammaCorrection[gamma=0.5], ".repeat(12) + "on 2 cores, JDK 25";
        org.knowm.xchart.XYChart chart = new org.knowm.xchart.XYChartBuilder().width(1200).height(700).title(title).build();
        Charts.style(chart.getStyler());
        chart.addSeries("loop", new double[] {1, 2}, new double[] {3, 4});

        Charts.fitTitle(chart);

        assertThat(chart.getTitle()).startsWith("When each image finished: ").endsWith("on 2 cores, JDK 25").contains(" … ")
                .hasSizeLessThan(title.length());
        // Words are left out whole.
        assertThat(java.util.List.of(chart.getTitle().split(" "))).allSatisfy(word -> assertThat(title.contains(word)
                || word.equals("…")).isTrue());
    }

    private static org.knowm.xchart.style.Styler.LegendPosition legendAfterFitting(String title, String series) {
        org.knowm.xchart.XYChart chart = new org.knowm.xchart.XYChartBuilder().width(1200).height(700).title(title).build();
        Charts.style(chart.getStyler());
        chart.addSeries(series, new double[] {1, 2}, new double[] {3, 4});
        Charts.fitTitle(chart);
        return chart.getStyler().getLegendPosition();
    }
}
