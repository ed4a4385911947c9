package dev.loomy.report;

import java.awt.Color;
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

    static void writePng(Chart<?, ?> chart, Path file) throws IOException {
        TempFiles.replaceOnce(file, out -> ImageIO.write(BitmapEncoder.getBufferedImage(chart), "png", out));
    }
}
