package dev.loomy.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.imageio.OneWriter;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;

/**
 * {@code --timeline}: when each image finished (ms since its run started) against the order
 * it was submitted in, from each row's median run: a panel per filter, at most {@link
 * #SERIES_PER_PANEL} series a panel, each strategy in its own colour in every panel. A pool of N
 * threads, or N carriers under virtual threads, finishes CPU-bound images N at a time, a
 * staircase; one platform thread per image shares the cores among all of them, and they all
 * finish together near the end. A run of
 * more than {@link dev.loomy.results.Timeline#MAX_POINTS} images shows every k-th image alone,
 * as its record keeps them, and the axis says so.
 */
public final class TimelineChart {

    static final int WIDTH = 1200;
    static final int HEIGHT = 700;
    /** The height of each panel when there are several. */
    static final int PANEL_HEIGHT = 420;
    /** More series than this in one panel cannot be told apart. */
    static final int SERIES_PER_PANEL = 5;

    private TimelineChart() {
    }

    public static void write(Results results, Path file, OneWriter temps) throws IOException {
        ChartFonts.ready();
        Charts.writePng(title(results), Charts.subtitle(results), build(results), PANEL_HEIGHT, file, temps);
    }

    /** What the x axis shows of a run of many images: every k-th (a bounded sample), said; else nothing. */
    static String sampled(Results results) {
        int every = results.measurements().stream().map(Measurement::medianRun).filter(r -> r != null)
                .mapToInt(r -> r.timeline().every()).max().orElse(1);
        return every == 1 ? "" : " (one image in " + every + " shown)";
    }

    static String title(Results results) {
        return "When each image finished, in each row's median run ("
                + Captions.medianOf(results).replaceFirst("^median ", "") + ")";
    }

    /** The panels: a filter each, split into parts of at most {@link #SERIES_PER_PANEL} series. */
    static List<XYChart> build(Results results) {
        String axis = "image, in the order it was submitted" + sampled(results);
        Map<String, List<Measurement>> byFilter = new LinkedHashMap<>();
        List<String> names = new ArrayList<>();
        for (Measurement m : results.measurements()) {
            if (m.medianRun() != null) {
                byFilter.computeIfAbsent(m.filter(), f -> new ArrayList<>()).add(m);
                String name = Charts.series(m.strategy(), null, m.scan());
                if (!names.contains(name)) {
                    names.add(name);
                }
            }
        }
        List<XYChart> panels = new ArrayList<>();
        for (Map.Entry<String, List<Measurement>> filter : byFilter.entrySet()) {
            List<Measurement> rows = filter.getValue();
            int parts = (rows.size() + SERIES_PER_PANEL - 1) / SERIES_PER_PANEL;
            for (int part = 0; part < parts; part++) {
                List<Measurement> these = rows.subList(part * SERIES_PER_PANEL,
                        Math.min(rows.size(), (part + 1) * SERIES_PER_PANEL));
                panels.add(panel(filter.getKey() + (parts > 1 ? " (" + (part + 1) + " of " + parts + ")" : ""),
                        these, names, axis));
            }
        }
        if (panels.isEmpty()) {
            panels.add(panel("", List.of(), names, axis));
        }
        return panels;
    }

    private static XYChart panel(String title, List<Measurement> rows, List<String> names, String axis) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title)
                .xAxisTitle(axis)
                .yAxisTitle("finished (ms since the run started)")
                .build();
        Charts.style(chart.getStyler());
        chart.getStyler().setChartTitleVisible(!title.isEmpty());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisMin(0.0);
        for (Measurement m : rows) {
            RunRecord run = m.medianRun();
            List<Double> order = new ArrayList<>();
            List<Double> finished = new ArrayList<>();
            for (ImageTiming t : run.timeline().points()) {
                // A skipped image never ran: it has no finishing time to show.
                if (t.status().ran()) {
                    order.add((double) t.index() + 1);
                    finished.add(t.completedNanos() / 1e6);
                }
            }
            if (!order.isEmpty()) {
                String name = Charts.series(m.strategy(), null, m.scan());
                XYSeries series = chart.addSeries(name, order, finished);
                series.setMarkerColor(Charts.colour(names.indexOf(name)));
            }
        }
        return chart;
    }
}
