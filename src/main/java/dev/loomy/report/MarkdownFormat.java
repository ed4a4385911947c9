package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Outcome;
import dev.loomy.measure.Summary;

/** One GitHub table of every (strategy, filter), between what was measured and what the columns mean. */
public final class MarkdownFormat implements ResultFormat {

    static final List<String> HEADERS = List.of("Strategy", "Filter", "Time (ms)", "Mean±CI (ms)", "Min (ms)",
            "Max (ms)", "Images", "Failed", "Warnings", "Avg (images/sec)", "vs loop", "Speed-up", "p50 (ms)", "p95 (ms)",
            "Peak threads", "Peak heap (MiB)",
            "Peak RSS (MiB)", "Outcome");

    @Override
    public void write(Results results, PrintStream out) {
        List<Summary> summaries = results.summaries();
        boolean lanes = summaries.stream().anyMatch(s -> !s.laneMedianMs().isEmpty());
        List<String> headers = new ArrayList<>(HEADERS);
        if (lanes) {
            headers.add("Lanes");
        }
        out.println(Captions.method(results));
        out.println();
        out.println(Captions.machine(results));
        out.println();
        out.println(line(headers));
        out.println(line(headers.stream().map(h -> h.equals("Strategy") || h.equals("Filter") || h.equals("Outcome")
                || h.equals("Lanes") ? "---" : "---:").toList()));
        for (Summary s : summaries) {
            out.println(line(row(s, lanes)));
        }
        out.println();
        out.println(Captions.legend(results, true));
        for (String line : Captions.rigor(results)) {
            out.println();
            out.println(escape(line));
        }
        for (Summary s : summaries) {
            Measurement m = s.measurement();
            if (m.note() != null && m.outcome() != Outcome.OK) {
                out.println();
                out.println("- " + escape(m.strategy() + " / " + m.filter() + ": " + m.outcome().label() + ": " + m.note()));
            }
            for (String note : RowNotes.of(s)) {
                out.println();
                out.println("- " + escape(m.strategy() + " / " + m.filter() + ": " + note));
            }
        }
        if (results.interrupted()) {
            out.println();
            out.println("Interrupted: these are partial results.");
        }
    }

    private static List<String> row(Summary s, boolean lanes) {
        Measurement m = s.measurement();
        String rss = Numbers.mebibytes(s.peaks().rssBytes());
        List<String> cells = new ArrayList<>(List.of(m.strategy(), m.filter(), Numbers.fixed(s.timeMedianMs(), 1),
                RowNotes.meanAndError(s), Numbers.fixed(s.timeMinMs(), 1), Numbers.fixed(s.timeMaxMs(), 1),
                Integer.toString(m.images()), Integer.toString(m.failed()), Integer.toString(m.warnings()),
                Numbers.fixed(s.imagesPerSec(), 2),
                s.speedupVsLoop().isPresent() ? Numbers.fixed(s.speedupVsLoop(), 2) + "x" : "", RowNotes.speedup(s),
                Numbers.fixed(s.latencyP50Ms(), 1), Numbers.fixed(s.latencyP95Ms(), 1), Numbers.count(s.peaks().threads()),
                Numbers.mebibytes(s.peaks().heapBytes()),
                rss.isEmpty() || s.peaks().rssWindowed() ? rss : "*" + rss, m.outcome().label()));
        if (lanes) {
            cells.add(s.laneMedianMs().isEmpty() ? "" : Numbers.lanes(s.laneMedianMs()));
        }
        return cells;
    }

    private static String line(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(MarkdownFormat::escape).toList()) + " |";
    }

    /** A pipe would end a cell; an asterisk or underscore would start emphasis. */
    static String escape(String text) {
        return text.replace("|", "\\|").replace("*", "\\*").replace("_", "\\_");
    }
}
