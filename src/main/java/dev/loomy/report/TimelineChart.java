package dev.loomy.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;

import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.imageio.TempFiles;
import dev.loomy.results.Results;
import dev.loomy.results.RunRecord;


/**
 * {@code --timeline}: when each image finished (ms since its run started) against the order
 * it was submitted in, one series per strategy (and filter, when there are several), from
 * each one's median run. A pool of N threads, or N carriers under virtual threads, finishes
 * CPU-bound images N at a time, a staircase; one platform thread per image shares the cores
 * among all of them, and they all finish together near the end. A run of more than
 * {@link dev.loomy.results.Timeline#MAX_POINTS} images shows every k-th image alone, as its
 * record keeps them, and the axis says so.
 */
public final class TimelineChart {

    static final int WIDTH = 1200;
    static final int HEIGHT = 700;

    private TimelineChart() {
    }

    public static void write(Results results, Path file, TempFiles temps) throws IOException {
        ChartFonts.ready();
        Charts.writePng(build(results), file, temps);
    }

    /** What the x axis shows of a run of many images: every k-th (a bounded sample), said; else nothing. */
    static String sampled(Results results) {
        int every = results.measurements().stream().map(Measurement::medianRun).filter(r -> r != null)
                .mapToInt(r -> r.timeline().every()).max().orElse(1);
        return every == 1 ? "" : " (one image in " + every + " shown)";
    }

    static XYChart build(Results results) {
        boolean severalFilters = results.measurements().stream().map(Measurement::filter).distinct().count() > 1;
        String filters = String.join(", ", results.measurements().stream().map(Measurement::filter).distinct().toList());
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title("When each image finished, in each strategy's median run ("
                        + Captions.medianOf(results).replaceFirst("^median ", "") + "): "
                        + filters + " on " + Charts.machine(results) + ", parallelism "
                        + results.options().execution().parallelism())
                .xAxisTitle("image, in the order it was submitted" + sampled(results))
                .yAxisTitle("finished (ms since the run started)")
                .build();
        Charts.style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        chart.getStyler().setMarkerSize(6);
        chart.getStyler().setXAxisDecimalPattern("#,##0");
        chart.getStyler().setYAxisDecimalPattern("#,##0");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setYAxisMin(0.0);
        for (Measurement m : results.measurements()) {
            RunRecord run = m.medianRun();
            if (run == null) {
                continue;
            }
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
                String name = Charts.series(m.strategy(), severalFilters ? m.filter() : null, m.scan());
                chart.addSeries(name, order, finished);
            }
        }
        return chart;
    }
}
