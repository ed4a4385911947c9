package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.Measurement;
import dev.loomy.results.Numbers;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;
import dev.loomy.strategy.Strategies;

/**
 * The human format: what was measured and on what, once; then one table per strategy, one
 * row per filter, with the article's columns (Filter, Time (ms), Images, Avg (images/sec))
 * and a benchmark's; then what the columns mean. A Warnings column (images done from damaged
 * files) appears only when some row has one, so that the usual table keeps its width.
 */
public final class TableFormat implements ResultFormat {

    /** The width the prose is wrapped to; the tables stay within it for filter names up to about 12 characters. */
    private static final int WIDTH = 118;

    @Override
    public void write(Results results, PrintStream out) {
        wrap(Captions.method(results), WIDTH, out);
        wrap(Captions.machine(results), WIDTH, out);
        Map<String, List<Summary>> byStrategy = new LinkedHashMap<>();
        for (Summary s : results.summaries()) {
            byStrategy.computeIfAbsent(s.measurement().strategy(), k -> new ArrayList<>()).add(s);
        }
        boolean warnings = results.measurements().stream().anyMatch(m -> m.warnings() > 0);
        // Warnings (images done from damaged files) only when some row has one: the usual table keeps its width.
        // A scanned option's column only with a scan.
        List<Column> all = Schema.in(Format.TABLE, results);
        List<Column> columns = warnings ? all
                : all.stream().filter(c -> !c.name().equals(Schema.WARNINGS)).toList();
        for (Map.Entry<String, List<Summary>> entry : byStrategy.entrySet()) {
            out.println();
            out.println(heading(entry.getKey()));
            TextTable table = new TextTable(columns.stream().map(Column::heading).toList(), alignment(columns));
            for (Summary s : entry.getValue()) {
                table.add(columns.stream().map(c -> c.text(s, false)).toList());
            }
            out.print(table.render());
            for (Summary s : entry.getValue()) {
                notes(s, out);
            }
        }
        out.println();
        if (results.measurements().isEmpty()) {
            out.println("Nothing was measured.");
        } else {
            wrap(Captions.legend(results, false), WIDTH, out);
            for (String line : Captions.rigor(results)) {
                wrap(line, WIDTH, out);
            }
        }
        if (results.interrupted()) {
            out.println("Interrupted: these are partial results.");
        }
    }

    private static String heading(String strategy) {
        return Strategies.known().stream().filter(s -> s.name().equals(strategy)).findFirst()
                .map(s -> strategy + ": " + s.description()).orElse(strategy);
    }

    private static boolean[] alignment(List<Column> columns) {
        boolean[] right = new boolean[columns.size()];
        for (int c = 0; c < right.length; c++) {
            right[c] = columns.get(c).rightAligned();
        }
        return right;
    }

    private static void notes(Summary s, PrintStream out) {
        Measurement m = s.measurement();
        // In a scan a strategy's table has a row per value: the note says which.
        String row = m.filter() + m.key().scanned();
        String lanes = Schema.LANES.text(s, false);
        if (!lanes.isEmpty()) {
            out.println("  " + row + ": " + lanes);
        }
        RowNotes.of(s).forEach(note -> out.println("  " + row + ": " + note));
    }

    /** Prints {@code text} in lines of at most {@code width} characters, broken between words. */
    static void wrap(String text, int width, PrintStream out) {
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                out.println(line);
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        if (line.length() > 0) {
            out.println(line);
        }
    }
}
