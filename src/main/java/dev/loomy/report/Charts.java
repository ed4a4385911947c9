package dev.loomy.report;

import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import javax.imageio.ImageIO;

import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.Styler;

import dev.loomy.imageio.OneWriter;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.Results;

/**
 * What loomy's PNG charts share: headless rendering with loomy's own font, a common look, and a
 * page: a title and a subtitle (what was measured, on what, when, by which loomy, under what
 * load), wrapped to the width and never cut, above one panel or several, written atomically.
 */
final class Charts {

    /** Ten colours told apart at a glance (Tableau's), each series keeping its own across panels. */
    private static final Color[] PALETTE = {new Color(0x4E79A7), new Color(0xF28E2B), new Color(0xE15759),
        new Color(0x76B7B2), new Color(0x59A14F), new Color(0xEDC948), new Color(0xB07AA1), new Color(0xFF9DA7),
        new Color(0x9C755F), new Color(0x7F7F7F)};
    private static final int MARGIN = 16;
    private static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 18);
    private static final Font SUBTITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);

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

    /**
     * What a chart's subtitle says of its results: the filters, the machine and parallelism,
     * whether anything was written, when and by which loomy they were measured, the order of the
     * runs and the load meanwhile.
     */
    static String subtitle(Results results) {
        String filters = String.join(", ", results.measurements().stream().map(Measurement::filter).distinct().toList());
        StringBuilder line = new StringBuilder(filters).append(" on ").append(machine(results));
        if (results.options() != null) {
            line.append(", parallelism ").append(results.options().execution().parallelism());
            if (results.options().output().noWrite()) {
                line.append("; nothing written");
            }
        }
        line.append("; loomy ").append(results.provenance().version());
        if (results.provenance().measuredAt() != null) {
            line.append(", measured ").append(results.provenance().measuredAt().replace('T', ' ').replace("Z", " UTC"));
        }
        line.append("; ").append(Captions.order(results));
        return line.append("; ").append(Captions.load(results)).toString();
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

    /** The colour of the {@code index}th series of a chart, the same in each of its panels. */
    static Color colour(int index) {
        return PALETTE[index % PALETTE.length];
    }

    /**
     * Writes {@code panels} one under another beneath the title and subtitle. One panel fills the
     * chart's height; several are {@code panelHeight} high each.
     */
    static void writePng(String title, String subtitle, List<? extends Chart<?, ?>> panels, int panelHeight, Path file,
                         OneWriter temps) throws IOException {
        BufferedImage page = page(title, subtitle, panels, panelHeight);
        // No cache file in the system's temporary folder (ImageIO's default): the PNG is built in memory.
        ImageIO.setUseCache(false);
        temps.replace(file, out -> ImageIO.write(page, "png", out));
    }

    static BufferedImage page(String title, String subtitle, List<? extends Chart<?, ?>> panels, int panelHeight) {
        int width = panels.get(0).getWidth();
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB);
        Graphics2D measure = scratch.createGraphics();
        List<String> titleLines;
        List<String> subtitleLines;
        FontMetrics titleFont;
        FontMetrics subtitleFont;
        try {
            titleFont = measure.getFontMetrics(TITLE);
            subtitleFont = measure.getFontMetrics(SUBTITLE);
            titleLines = wrap(title, titleFont, width - 2 * MARGIN);
            subtitleLines = wrap(subtitle, subtitleFont, width - 2 * MARGIN);
        } finally {
            measure.dispose();
        }
        int header = MARGIN + titleLines.size() * titleFont.getHeight() + 4
                + subtitleLines.size() * subtitleFont.getHeight() + MARGIN / 2;
        int each = panels.size() == 1 ? Math.max(panelHeight / 2, panels.get(0).getHeight() - header) : panelHeight;
        BufferedImage page = new BufferedImage(width, header + each * panels.size(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = page.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, page.getWidth(), page.getHeight());
            int y = MARGIN;
            g.setColor(Color.BLACK);
            g.setFont(TITLE);
            for (String line : titleLines) {
                g.drawString(line, MARGIN, y + titleFont.getAscent());
                y += titleFont.getHeight();
            }
            y += 4;
            g.setColor(Color.DARK_GRAY);
            g.setFont(SUBTITLE);
            for (String line : subtitleLines) {
                g.drawString(line, MARGIN, y + subtitleFont.getAscent());
                y += subtitleFont.getHeight();
            }
            y = header;
            for (Chart<?, ?> panel : panels) {
                Graphics2D area = (Graphics2D) g.create(0, y, width, each);
                try {
                    placeLegend(panel, area);
                    panel.paint(area, width, each);
                } finally {
                    area.dispose();
                }
                y += each;
            }
        } finally {
            g.dispose();
        }
        return page;
    }

    /** {@code text} in lines no wider than {@code width}, broken between words; a word alone wider stays whole. */
    static List<String> wrap(String text, FontMetrics font, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (!line.isEmpty() && font.stringWidth(line + " " + word) > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.isEmpty() ? "" : " ").append(word);
        }
        if (!line.isEmpty()) {
            lines.add(line.toString());
        }
        return lines;
    }

    /**
     * Moves the legend below the plot when, beside it, it would take more than a third of the
     * width (a scan's entries are long): the plot keeps room to be read.
     */
    private static void placeLegend(Chart<?, ?> chart, Graphics2D g) {
        Styler styler = chart.getStyler();
        FontMetrics legend = g.getFontMetrics(styler.getLegendFont());
        int widest = chart.getSeriesMap().keySet().stream().mapToInt(legend::stringWidth).max().orElse(0) + 60;
        if (styler.getLegendPosition() == Styler.LegendPosition.OutsideE && widest > chart.getWidth() / 3) {
            styler.setLegendPosition(Styler.LegendPosition.OutsideS);
            int row = chart.getSeriesMap().keySet().stream().mapToInt(name -> legend.stringWidth(name) + 50).sum();
            styler.setLegendLayout(row < chart.getWidth() - 40 ? Styler.LegendLayout.Horizontal
                    : Styler.LegendLayout.Vertical);
        }
    }
}
