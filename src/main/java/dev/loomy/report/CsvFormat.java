package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.loomy.results.Column;
import dev.loomy.results.Numbers;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;
import dev.loomy.strategy.VirtualPriorityStrategy;


/**
 * One header line and one row per (strategy, filter); scripts find the columns by name.
 * Lanes (virtual-priority's halves) add a {@code lane_<name>_ms} column each: the median
 * over runs of the time the lane's last image finished.
 */
public final class CsvFormat implements ResultFormat {

    @Override
    public void write(Results results, PrintStream out) {
        List<Column> columns = Schema.in(Column.Format.CSV, results);
        List<Summary> summaries = results.summaries();
        Set<String> lanes = new LinkedHashSet<>();
        // virtual-priority's two lanes whatever the images: with one image its low lane is empty, and a
        // script reading the column by name must still find it.
        if (summaries.stream().anyMatch(s -> s.measurement().strategy().equals(VirtualPriorityStrategy.NAME))) {
            lanes.addAll(List.of(VirtualPriorityStrategy.LOW, VirtualPriorityStrategy.HIGH));
        }
        summaries.forEach(s -> lanes.addAll(s.laneMedianMs().keySet()));
        List<String> header = new ArrayList<>(columns.stream().map(c -> c.nameIn(Column.Format.CSV)).toList());
        lanes.forEach(lane -> header.add(laneColumn(lane)));
        out.println(String.join(",", header));
        for (Summary s : summaries) {
            List<String> cells = new ArrayList<>(columns.stream().map(c -> c.text(s, true)).toList());
            for (String lane : lanes) {
                Double ms = s.laneMedianMs().get(lane);
                cells.add(ms == null ? "" : Numbers.fixed(ms, 3));
            }
            out.println(String.join(",", cells.stream().map(CsvFormat::escape).toList()));
        }
    }

    /** "priority 10" becomes lane_priority_10_ms. */
    static String laneColumn(String lane) {
        return "lane_" + lane.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "") + "_ms";
    }

    /** RFC 4180: quote a cell holding a comma, a quote or a line break; double its quotes. */
    public static String escape(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }
}
