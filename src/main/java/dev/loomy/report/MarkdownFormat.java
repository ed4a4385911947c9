package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.results.Column;
import dev.loomy.results.Measurement;
import dev.loomy.results.Numbers;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;


/** One GitHub table of every (strategy, filter), between what was measured and what the columns mean. */
public final class MarkdownFormat implements ResultFormat {

    static final List<Column> COLUMNS = Schema.in(Column.Format.MARKDOWN);

    @Override
    public void write(Results results, PrintStream out) {
        List<Summary> summaries = results.summaries();
        boolean lanes = summaries.stream().anyMatch(s -> !s.laneMedianMs().isEmpty());
        // A scanned option's column only with a scan.
        List<Column> columns = Schema.in(Column.Format.MARKDOWN, results);
        List<String> headers = new ArrayList<>(columns.stream().map(Column::heading).toList());
        List<String> alignment = new ArrayList<>(columns.stream().map(c -> c.rightAligned() ? "---:" : "---").toList());
        if (lanes) {
            headers.add("Lanes");
            alignment.add("---");
        }
        out.println(Captions.method(results));
        out.println();
        out.println(Captions.machine(results));
        out.println();
        out.println(line(headers));
        out.println(line(alignment));
        for (Summary s : summaries) {
            out.println(line(row(s, columns, lanes)));
        }
        out.println();
        out.println(Captions.legend(results, true));
        for (String line : Captions.rigor(results)) {
            out.println();
            out.println(escape(line));
        }
        for (Summary s : summaries) {
            Measurement m = s.measurement();
            for (String note : RowNotes.of(s)) {
                out.println();
                out.println("- " + escape(m.key().label() + ": " + note));
            }
        }
        if (results.interrupted()) {
            out.println();
            out.println("Interrupted: these are partial results.");
        }
    }

    private static List<String> row(Summary s, List<Column> columns, boolean lanes) {
        List<String> cells = new ArrayList<>(columns.stream().map(c -> c.text(s, false)).toList());
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
