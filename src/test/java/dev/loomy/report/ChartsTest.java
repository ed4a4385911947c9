package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.imageio.OneWriter;
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
        assertThat(files.write(SampleResults.results(), OneWriter.noInputs(), new Console(System.err, false))).isTrue();

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
        new ReportFiles(report, null, null).write(SampleResults.results(), OneWriter.noInputs(), new Console(System.err, false));
        assertThat(Files.readAllLines(report).get(0)).startsWith("strategy,filter,images,failed,warnings,runs");
    }

    @Test
    void aTitleWiderThanTheChartIsWrappedWholeNeverCut() {
        ChartFonts.ready();
        String title = "When each image finished: " + "GammaCorrection[gamma=0.5], ".repeat(12) + "on 2 cores, JDK 25";
        java.awt.FontMetrics font = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics()
                .getFontMetrics(new java.awt.Font(java.awt.Font.SANS_SERIF, java.awt.Font.BOLD, 18));

        java.util.List<String> lines = Charts.wrap(title, font, 1200 - 32);

        assertThat(lines).hasSizeGreaterThan(1);
        assertThat(String.join(" ", lines)).isEqualTo(title);
        assertThat(lines).allSatisfy(line -> assertThat(font.stringWidth(line)).isLessThanOrEqualTo(1200 - 32));
    }

    @Test
    void aLegendTooWideBesideThePlotGoesBelowIt() {
        ChartFonts.ready();
        assertThat(legendOnPage("virtual (max_in_flight=unbounded, parallelism=4096, io_latency_ms=20)"))
                .isEqualTo(org.knowm.xchart.style.Styler.LegendPosition.OutsideS);
        assertThat(legendOnPage("virtual")).isEqualTo(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    }

    @Test
    void theTimelineHasAPanelPerFilterOfAtMostFiveSeriesInTheirOwnColours() {
        java.util.List<dev.loomy.results.Measurement> rows = new java.util.ArrayList<>();
        for (String filter : java.util.List.of("NoOp", "Cartoon2")) {
            for (String strategy : java.util.List.of("loop", "threads", "pool", "forkjoin", "virtual", "virtual-priority")) {
                rows.add(new dev.loomy.results.Measurement(strategy, filter, 4, 0, java.util.List.of(SampleResults.run(100, 4)),
                        dev.loomy.results.Outcome.OK, null));
            }
        }
        dev.loomy.results.Results results = dev.loomy.results.TestResults.of(rows, SampleResults.MACHINE,
                SampleResults.options("1", "local", null), false, true);

        java.util.List<org.knowm.xchart.XYChart> panels = TimelineChart.build(results);

        assertThat(panels).extracting(org.knowm.xchart.XYChart::getTitle)
                .containsExactly("NoOp (1 of 2)", "NoOp (2 of 2)", "Cartoon2 (1 of 2)", "Cartoon2 (2 of 2)");
        assertThat(panels).allSatisfy(p -> assertThat(p.getSeriesMap()).hasSizeLessThanOrEqualTo(5));
        java.util.Set<java.awt.Color> colours = new java.util.HashSet<>();
        panels.subList(0, 2).forEach(p -> p.getSeriesMap().values().forEach(s -> colours.add(s.getMarkerColor())));
        assertThat(colours).as("six strategies, six colours").hasSize(6);
        assertThat(panels.get(2).getSeriesMap().get("loop").getMarkerColor())
                .isEqualTo(panels.get(0).getSeriesMap().get("loop").getMarkerColor());
    }

    @Test
    void theSubtitleSaysWhenByWhichLoomyUnderWhatLoadAndWhetherAnythingWasWritten() {
        dev.loomy.results.Results results = SampleResults.results();
        dev.loomy.results.OptionsUsed o = results.options();
        dev.loomy.results.Results noWrite = new dev.loomy.results.Results(results.measurements(), results.machine(),
                new dev.loomy.results.OptionsUsed(o.selection(), new dev.loomy.results.OptionsUsed.Output(null, true, "same"),
                        o.measuring(), o.execution(), o.reporting(), o.where()), false, true, results.reference(),
                results.lanes(), null, new dev.loomy.results.Provenance("1.2.3", "2025-06-01T12:00:00Z",
                        new dev.loomy.results.RunOrder("interleaved", 42L, java.util.List.of(java.util.List.of("a")), null)));

        assertThat(Charts.subtitle(noWrite)).contains("nothing written").contains("loomy 1.2.3")
                .contains("2025-06-01 12:00:00 UTC").contains("seed 42").contains("Test CPU");
        assertThat(Charts.subtitle(results)).doesNotContain("nothing written");
    }

    private static org.knowm.xchart.style.Styler.LegendPosition legendOnPage(String series) {
        org.knowm.xchart.XYChart chart = new org.knowm.xchart.XYChartBuilder().width(1200).height(700).build();
        Charts.style(chart.getStyler());
        chart.addSeries(series, new double[] {1, 2}, new double[] {3, 4});
        Charts.page("Title", "subtitle", java.util.List.of(chart), 400);
        return chart.getStyler().getLegendPosition();
    }
}
