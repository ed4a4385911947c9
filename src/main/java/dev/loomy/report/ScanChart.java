package dev.loomy.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;

import dev.loomy.results.Measurement;
import dev.loomy.imageio.OneWriter;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;

/**
 * {@code --chart} of a parameter scan: images per second (median run) against the first scanned
 * option's value, one line per strategy (and per filter and other scanned values, when there are
 * several). A latency lies on a numeric axis, so that 5 ms and 50 ms are as far apart as they are;
 * counts (threads, images in flight, auto) are evenly spaced in the order given, as 1, 2, 4, 8 are
 * usually scanned.
 */
public final class ScanChart {

    static final int WIDTH = 1200;
    static final int HEIGHT = 700;

    private ScanChart() {
    }

    public static void write(Results results, Path file, OneWriter temps) throws IOException {
        ChartFonts.ready();
        List<String> scanned = Schema.scanned(results);
        Charts.writePng("Images per second against " + option(scanned.get(0)) + ", " + Captions.medianOf(results),
                Charts.subtitle(results), List.of(build(results)), HEIGHT, file, temps);
    }

    static Chart<?, ?> build(Results results) {
        List<String> scanned = Schema.scanned(results);
        String x = scanned.get(0);
        Map<String, Map<String, Double>> lines = new LinkedHashMap<>();
        List<String> values = new ArrayList<>();
        boolean severalFilters = results.measurements().stream().map(Measurement::filter).distinct().count() > 1;
        for (Summary s : results.summaries()) {
            Measurement m = s.measurement();
            String value = m.scan().get(x);
            if (!values.contains(value)) {
                values.add(value);
            }
            Map<String, String> others = new LinkedHashMap<>(m.scan());
            others.remove(x);
            lines.computeIfAbsent(Charts.series(m.strategy(), severalFilters ? m.filter() : null, others),
                    k -> new LinkedHashMap<>()).put(value, s.speed().imagesPerSec());
        }
        String xTitle = option(x) + " (" + meaning(x) + ")";
        String yTitle = "images/sec (median run; " + results.images() + " images per run)";
        return x.equals(Schema.IO_LATENCY) ? xy(lines, xTitle, yTitle) : categories(lines, values, xTitle, yTitle);
    }

    private static XYChart xy(Map<String, Map<String, Double>> lines, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        Charts.style(chart.getStyler());
        chart.getStyler().setChartTitleVisible(false);
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
        chart.getStyler().setMarkerSize(8);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setXAxisDecimalPattern("#,##0.#");
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        lines.forEach((name, points) -> {
            List<Double> xs = new ArrayList<>();
            List<Double> ys = new ArrayList<>();
            // A row that crashed has no point: a zero would read as a measurement.
            points.forEach((value, rate) -> {
                if (!Double.isNaN(rate)) {
                    xs.add(Double.parseDouble(value));
                    ys.add(rate);
                }
            });
            if (!xs.isEmpty()) {
                chart.addSeries(name, xs, ys);
            }
        });
        return chart;
    }

    private static CategoryChart categories(Map<String, Map<String, Double>> lines, List<String> values, String xTitle,
                                            String yTitle) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT).xAxisTitle(xTitle)
                .yAxisTitle(yTitle).build();
        Charts.style(chart.getStyler());
        chart.getStyler().setChartTitleVisible(false);
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        // Every line's point for a value on that value's tick, not side by side as bars would be.
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setMarkerSize(8);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        lines.forEach((name, points) -> {
            List<Double> ys = values.stream().map(v -> {
                Double rate = points.get(v);
                return rate == null || Double.isNaN(rate) ? null : rate;
            }).toList();
            chart.addSeries(name, values, ys);
        });
        return chart;
    }

    /** The option a scanned column comes from: {@code --io-latency}. */
    private static String option(String column) {
        return switch (column) {
            case Schema.PARALLELISM -> "--parallelism";
            case Schema.CV_THREADS -> "--cv-threads";
            case Schema.IO_LATENCY -> "--io-latency";
            case Schema.JVM -> "--jvm";
            case Schema.JVM_OPTIONS -> "--jvm-options";
            default -> "--max-in-flight";
        };
    }

    private static String meaning(String column) {
        return switch (column) {
            case Schema.PARALLELISM -> "pool threads, ForkJoin parallelism, virtual-thread carriers";
            case Schema.CV_THREADS -> "OpenCV's threads inside one filter call";
            case Schema.IO_LATENCY -> "ms of blocking wait added to every image read";
            case Schema.JVM -> "the JVM each row ran on";
            case Schema.JVM_OPTIONS -> "the JVM options each row ran with";
            default -> "images decoded and held at once";
        };
    }
}
