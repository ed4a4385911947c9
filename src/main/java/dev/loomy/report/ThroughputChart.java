package dev.loomy.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.internal.chartpart.Annotation;

import dev.loomy.imageio.OneWriter;
import dev.loomy.results.Results;
import dev.loomy.results.Summary;


/**
 * {@code --chart}: images per second per strategy (bars grouped by strategy, one colour per
 * filter), from the median run, with whiskers from the slowest run to the fastest.
 */
public final class ThroughputChart {

    static final int WIDTH = 1200;
    static final int HEIGHT = 700;
    private static final double PLOT_CONTENT = 0.92;
    private static final double BAR_FILL = 0.8;

    private ThroughputChart() {
    }

    public static void write(Results results, Path file, OneWriter temps) throws IOException {
        ChartFonts.ready();
        Charts.writePng(title(results), Charts.subtitle(results), List.of(build(results)), HEIGHT, file, temps);
    }

    static String title(Results results) {
        return "Images per second, " + Captions.medianOf(results);
    }

    static CategoryChart build(Results results) {
        List<String> strategies = new ArrayList<>();
        Map<String, Map<String, Summary>> byFilter = new LinkedHashMap<>();
        for (Summary s : results.summaries()) {
            String strategy = s.measurement().strategy();
            if (!strategies.contains(strategy)) {
                strategies.add(strategy);
            }
            byFilter.computeIfAbsent(s.measurement().filter(), f -> new LinkedHashMap<>()).put(strategy, s);
        }
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .xAxisTitle("strategy (" + results.images() + " images per run)")
                .yAxisTitle("images/sec (bar: median run; whisker: slowest to fastest run)")
                .build();
        Charts.style(chart.getStyler());
        chart.getStyler().setChartTitleVisible(false);
        chart.getStyler().setPlotContentSize(PLOT_CONTENT);
        chart.getStyler().setAvailableSpaceFill(BAR_FILL);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");

        double top = 0;
        List<double[][]> whiskers = new ArrayList<>();
        for (Map.Entry<String, Map<String, Summary>> filter : byFilter.entrySet()) {
            List<Double> rates = new ArrayList<>();
            double[][] ranges = new double[strategies.size()][];
            for (int i = 0; i < strategies.size(); i++) {
                Summary s = filter.getValue().get(strategies.get(i));
                boolean measured = s != null && !Double.isNaN(s.speed().imagesPerSec());
                // A strategy that crashed has no bar: a zero would read as a measurement.
                rates.add(measured ? s.speed().imagesPerSec() : null);
                if (measured) {
                    int images = s.measurement().imagesFinished();
                    ranges[i] = new double[] {images / (s.times().maxMs() / 1000), images / (s.times().minMs() / 1000)};
                    top = Math.max(top, ranges[i][1]);
                }
            }
            chart.addSeries(filter.getKey(), strategies, rates);
            whiskers.add(ranges);
        }
        chart.getStyler().setYAxisMax(top > 0 ? top * 1.08 : 1.0);
        chart.addAnnotation(new Whiskers(whiskers, strategies.size()));
        return chart;
    }

    /**
     * Draws each bar's min-max whisker. XChart draws only symmetric error bars, so this finds
     * the bars where XChart's category plot puts them (plot width times the content size,
     * split into equal slots per strategy, each slot's fill split between the filters).
     */
    private static final class Whiskers extends Annotation {

        private final List<double[][]> ranges;
        private final int categories;

        Whiskers(List<double[][]> ranges, int categories) {
            super(false);
            this.ranges = ranges;
            this.categories = categories;
        }

        @Override
        public void paint(Graphics2D g) {
            double left = getXAxisScreenValueForMin();
            double width = getXAxisScreenValueForMax() - left;
            double content = PLOT_CONTENT * width;
            double slot = content / categories;
            double bar = slot / ranges.size() * BAR_FILL;
            g.setColor(Color.DARK_GRAY);
            g.setStroke(new BasicStroke(1.5f));
            for (int series = 0; series < ranges.size(); series++) {
                for (int category = 0; category < categories; category++) {
                    double[] range = ranges.get(series)[category];
                    if (range == null) {
                        continue;
                    }
                    double x = left + (width - content) / 2 + slot * category + slot * (1 - BAR_FILL) / 2
                            + series * bar + bar / 2;
                    int low = getYAxisScreenValue(range[0]);
                    int high = getYAxisScreenValue(range[1]);
                    int cap = (int) Math.max(3, bar / 6);
                    g.drawLine((int) x, low, (int) x, high);
                    g.drawLine((int) x - cap, low, (int) x + cap, low);
                    g.drawLine((int) x - cap, high, (int) x + cap, high);
                }
            }
        }
    }
}
