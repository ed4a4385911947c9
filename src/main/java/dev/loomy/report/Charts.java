package dev.loomy.report;

import java.awt.Color;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.StringJoiner;
import javax.imageio.ImageIO;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

import dev.loomy.imageio.TempFiles;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Results;


/** What loomy's PNG charts share: headless rendering with loomy's own font, a common look, atomic writing. */
final class Charts {

    static {
        // Rendering needs no display; without this, a machine without one may refuse to draw.
        System.setProperty("java.awt.headless", "true");
    }

    private Charts() {
    }

    static void style(Styler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setLegendBorderColor(Color.LIGHT_GRAY);
        styler.setChartTitleBoxVisible(false);
        styler.setAntiAlias(true);
    }

    /** E.g. "2 cores, Intel(R) Xeon(R) ..., JDK 25": the machine, short enough for a title. */
    static String machine(Results results) {
        MachineInfo m = results.machine();
        return m.cores() + (m.cores() == 1 ? " core" : " cores") + ", " + m.cpu() + ", JDK " + Runtime.version().feature();
    }

    /** A line's name: "virtual", "virtual / Cartoon2" with several filters, then any scanned values "(parallelism=4)". */
    static String series(String strategy, String filter, Map<String, String> scan) {
        StringBuilder name = new StringBuilder(strategy);
        if (filter != null) {
            name.append(" / ").append(filter);
        }
        if (!scan.isEmpty()) {
            StringJoiner values = new StringJoiner(", ", " (", ")");
            scan.forEach((option, value) -> values.add(option + "=" + value));
            name.append(values);
        }
        return name.toString();
    }

    static void writePng(Chart<?, ?> chart, Path file, TempFiles temps) throws IOException {
        fitTitle(chart);
        // No cache file in the system's temporary folder (ImageIO's default): the PNG is built in memory.
        ImageIO.setUseCache(false);
        temps.replace(file, out -> ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", out));
    }

    /**
     * Moves the legend below the plot when, beside it, the plot is narrower than the title: the
     * title is centred over the plot, so a long one (a scan's legend is wide) lost its start. A
     * title wider than the whole chart (many filters named) loses words from its middle, where
     * the list of filters is, so that its start and the machine at its end stay.
     */
    static void fitTitle(Chart<?, ?> chart) {
        Styler styler = chart.getStyler();
        if (styler.getLegendPosition() != Styler.LegendPosition.OutsideE) {
            return;
        }
        Graphics2D g = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            FontMetrics titleFont = g.getFontMetrics(styler.getChartTitleFont());
            // The plot, over which the title is centred, is narrower than the chart by its axis and margins.
            int room = chart.getWidth() - 160;
            String[] words = chart.getTitle().split(" ");
            String text = chart.getTitle();
            // Whole words out of the middle, one more each time, until the rest fits.
            for (int cut = 1; titleFont.stringWidth(text) > room && cut < words.length; cut++) {
                int from = (words.length - cut) / 2;
                text = String.join(" ", java.util.Arrays.copyOfRange(words, 0, from)) + " … "
                        + String.join(" ", java.util.Arrays.copyOfRange(words, from + cut, words.length));
            }
            chart.setTitle(text);
            int title = titleFont.stringWidth(text);
            FontMetrics legend = g.getFontMetrics(styler.getLegendFont());
            // The widest entry, its marker and the legend's paddings and the plot's axis labels: generous estimates.
            int legendWidth = chart.getSeriesMap().keySet().stream().mapToInt(legend::stringWidth).max().orElse(0) + 60;
            if (title > chart.getWidth() - legendWidth - 100) {
                styler.setLegendPosition(Styler.LegendPosition.OutsideS);
                // In one row when the entries fit side by side, else one under another.
                int row = chart.getSeriesMap().keySet().stream().mapToInt(name -> legend.stringWidth(name) + 50).sum();
                styler.setLegendLayout(row < chart.getWidth() - 40 ? Styler.LegendLayout.Horizontal
                        : Styler.LegendLayout.Vertical);
            }
        } finally {
            g.dispose();
        }
    }
}
