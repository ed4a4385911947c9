package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Summary;

/**
 * One header line and one row per (strategy, filter); scripts find the columns by name.
 * Lanes (virtual-priority's halves) add a {@code lane_<name>_ms} column each: the median
 * over runs of the time the lane's last image finished. Then the statistics, baseline and profile
 * columns ({@link RigorColumns}).
 */
public final class CsvFormat implements ResultFormat {

    static final List<String> COLUMNS = List.of("strategy", "filter", "images", "failed", "warnings", "runs", "warmups",
            "time_ms_median", "time_ms_min", "time_ms_max", "images_per_sec", "speedup_vs_loop",
            "latency_ms_p50", "latency_ms_p95", "latency_ms_max", "peak_threads", "worker_threads",
            "peak_heap_mib", "peak_rss_mib", "rss_windowed", "outcome", "note");

    @Override
    public void write(Results results, PrintStream out) {
        List<Summary> summaries = results.summaries();
        Set<String> lanes = new LinkedHashSet<>();
        summaries.forEach(s -> lanes.addAll(s.laneMedianMs().keySet()));
        List<String> header = new ArrayList<>(COLUMNS);
        lanes.forEach(lane -> header.add(laneColumn(lane)));
        List<RigorColumns.Column> rigor = RigorColumns.of(results);
        rigor.forEach(c -> header.add(c.name()));
        out.println(String.join(",", header));
        for (Summary s : summaries) {
            Measurement m = s.measurement();
            List<String> cells = new ArrayList<>(List.of(m.strategy(), m.filter(), Integer.toString(m.images()),
                    Integer.toString(m.failed()), Integer.toString(m.warnings()), Integer.toString(m.runs().size()), Integer.toString(m.warmups()),
                    Numbers.fixed(s.timeMedianMs(), 3), Numbers.fixed(s.timeMinMs(), 3), Numbers.fixed(s.timeMaxMs(), 3),
                    Numbers.fixed(s.imagesPerSec(), 3), Numbers.fixed(s.speedupVsLoop(), 3),
                    Numbers.fixed(s.latencyP50Ms(), 3), Numbers.fixed(s.latencyP95Ms(), 3), Numbers.fixed(s.latencyMaxMs(), 3),
                    Numbers.count(s.peaks().threads()), Numbers.count(s.workers()),
                    Numbers.mebibytes(s.peaks().heapBytes()), Numbers.mebibytes(s.peaks().rssBytes()),
                    s.peaks().rssBytes() < 0 ? "" : Boolean.toString(s.peaks().rssWindowed()),
                    m.outcome().label(), m.note() == null ? "" : m.note()));
            for (String lane : lanes) {
                Double ms = s.laneMedianMs().get(lane);
                cells.add(ms == null ? "" : Numbers.fixed(ms, 3));
            }
            rigor.forEach(c -> cells.add(c.text(s)));
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
