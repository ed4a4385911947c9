package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.files.Names;
import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.Measurement;
import dev.loomy.results.Numbers;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;


/**
 * One GitHub table of every (strategy, filter), between what was measured and what the columns
 * mean: the columns a reader of a post needs, one speed-up among them; failures, warnings and
 * outcomes only when some row has them.
 */
public final class MarkdownFormat implements ResultFormat {

    static final List<Column> COLUMNS = Schema.in(Format.MARKDOWN);

    @Override
    public void write(Results results, PrintStream out) {
        List<Summary> summaries = results.summaries();
        // A scanned option's column only with a scan; lanes only when some row has them.
        boolean failed = results.measurements().stream().anyMatch(m -> m.failed() > 0);
        boolean warned = results.measurements().stream().anyMatch(m -> m.warnings() > 0);
        boolean unwell = results.measurements().stream().anyMatch(m -> m.outcome() != Outcome.OK);
        List<Column> columns = Schema.in(Format.MARKDOWN, results).stream()
                .filter(c -> failed || !c.name().equals(Schema.FAILED))
                .filter(c -> warned || !c.name().equals(Schema.WARNINGS))
                .filter(c -> unwell || !c.name().equals(Schema.OUTCOME)).toList();
        List<String> headers = columns.stream().map(Column::heading).toList();
        List<String> alignment = columns.stream().map(c -> c.rightAligned() ? "---:" : "---").toList();
        out.println(Names.shown(Captions.method(results)));
        out.println();
        out.println(Names.shown(Captions.machine(results)));
        out.println();
        out.println(line(headers));
        out.println(line(alignment));
        for (Summary s : summaries) {
            out.println(line(columns.stream().map(c -> c.text(s, false)).toList()));
        }
        out.println();
        List<RankingLines.Group> groups = RankingLines.of(results);
        if (!groups.isEmpty()) {
            out.println(escape(RankingLines.INTRO));
            for (RankingLines.Group group : groups) {
                out.println();
                out.println("**" + escape(group.label()) + "**");
                out.println();
                // A numbered list keeps its numbers: the rows' own "1. ", "2. " are markdown's.
                group.rows().forEach(row -> out.println(escape(row.replaceFirst("^(\\d+\\.) +", "$1 ")
                        .replaceAll(" {2,}", " "))));
            }
            out.println();
        }
        String advice = RankingLines.advice(results);
        if (advice != null) {
            out.println(escape(advice));
            out.println();
        }
        for (String line : Captions.indistinct(results)) {
            out.println(escape(line));
            out.println();
        }
        out.println(escape(Captions.legend(results, columns)));
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

    private static String line(List<String> cells) {
        return "| " + String.join(" | ", cells.stream().map(MarkdownFormat::escape).toList()) + " |";
    }

    /**
     * A pipe would end a cell; an asterisk or underscore would start emphasis; a line break would end
     * the row, and other control characters would drive the terminal it is printed on.
     */
    static String escape(String text) {
        return Names.shown(text).replace("|", "\\|").replace("*", "\\*").replace("_", "\\_");
    }
}
