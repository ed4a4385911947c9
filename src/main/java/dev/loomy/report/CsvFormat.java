package dev.loomy.report;

import java.io.PrintStream;
import java.util.List;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Summary;

/** One header line and one row per (strategy, filter); scripts find the columns by name. */
public final class CsvFormat implements ResultFormat {

    static final List<String> COLUMNS = List.of("strategy", "filter", "images", "failed", "runs", "warmups",
            "time_ms_median", "time_ms_min", "time_ms_max", "images_per_sec", "speedup_vs_loop",
            "latency_ms_p50", "latency_ms_p95", "latency_ms_max", "peak_threads", "peak_heap_mib", "peak_rss_mib",
            "outcome", "note");

    @Override
    public void write(Results results, PrintStream out) {
        out.println(String.join(",", COLUMNS));
        for (Summary s : results.summaries()) {
            Measurement m = s.measurement();
            List<String> cells = List.of(m.strategy(), m.filter(), Integer.toString(m.images()), Integer.toString(m.failed()),
                    Integer.toString(m.runs().size()), Integer.toString(m.warmups()),
                    Numbers.fixed(s.timeMedianMs(), 3), Numbers.fixed(s.timeMinMs(), 3), Numbers.fixed(s.timeMaxMs(), 3),
                    Numbers.fixed(s.imagesPerSec(), 3), Numbers.fixed(s.speedupVsLoop(), 3),
                    Numbers.fixed(s.latencyP50Ms(), 3), Numbers.fixed(s.latencyP95Ms(), 3), Numbers.fixed(s.latencyMaxMs(), 3),
                    Numbers.count(s.peaks().threads()), Numbers.mebibytes(s.peaks().heapBytes()),
                    Numbers.mebibytes(s.peaks().rssBytes()), m.outcome().label(), m.note() == null ? "" : m.note());
            out.println(String.join(",", cells.stream().map(CsvFormat::escape).toList()));
        }
    }

    /** RFC 4180: quote a cell holding a comma, a quote or a line break; double its quotes. */
    public static String escape(String cell) {
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }
}
