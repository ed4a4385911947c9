package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Outcome;
import dev.loomy.measure.Summary;
import dev.loomy.strategy.Strategies;

/**
 * The human format: what was measured and on what, once; then one table per strategy, one
 * row per filter, with the article's columns (Filter, Time (ms), Images, Avg (images/sec))
 * and a benchmark's; then what the columns mean. A Warnings column (images done from damaged
 * files) appears only when some row has one, so that the usual table keeps its width.
 */
public final class TableFormat implements ResultFormat {

    private static final List<String> HEADERS = List.of("Filter", "Time (ms)", "Mean±CI (ms)", "Images", "Failed",
            "Avg (images/sec)", "Speed-up", "p50/p95 (ms)", "Threads", "RSS (MiB)", "Outcome");
    /** The width the prose is wrapped to; the tables stay within it for filter names up to about 12 characters. */
    private static final int WIDTH = 118;
    private static final boolean[] RIGHT = {false, true, true, true, true, true, true, true, true, true, false};
    private static final int WARNINGS_AT = HEADERS.indexOf("Failed") + 1;

    @Override
    public void write(Results results, PrintStream out) {
        wrap(Captions.method(results), WIDTH, out);
        wrap(Captions.machine(results), WIDTH, out);
        Map<String, List<Summary>> byStrategy = new LinkedHashMap<>();
        for (Summary s : results.summaries()) {
            byStrategy.computeIfAbsent(s.measurement().strategy(), k -> new ArrayList<>()).add(s);
        }
        boolean warnings = results.measurements().stream().anyMatch(m -> m.warnings() > 0);
        List<String> headers = new ArrayList<>(HEADERS);
        boolean[] right = RIGHT;
        if (warnings) {
            headers.add(WARNINGS_AT, "Warnings");
            right = new boolean[RIGHT.length + 1];
            System.arraycopy(RIGHT, 0, right, 0, WARNINGS_AT);
            right[WARNINGS_AT] = true;
            System.arraycopy(RIGHT, WARNINGS_AT, right, WARNINGS_AT + 1, RIGHT.length - WARNINGS_AT);
        }
        for (Map.Entry<String, List<Summary>> entry : byStrategy.entrySet()) {
            out.println();
            out.println(heading(entry.getKey()));
            TextTable table = new TextTable(headers, right);
            for (Summary s : entry.getValue()) {
                List<String> row = new ArrayList<>(row(s));
                if (warnings) {
                    row.add(WARNINGS_AT, Integer.toString(s.measurement().warnings()));
                }
                table.add(row);
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

    private static List<String> row(Summary s) {
        Measurement m = s.measurement();
        String mean = RowNotes.meanAndError(s);
        String latency = Double.isNaN(s.latencyP50Ms()) ? ""
                : Numbers.fixed(s.latencyP50Ms(), 1) + "/" + Numbers.fixed(s.latencyP95Ms(), 1);
        String rss = Numbers.mebibytes(s.peaks().rssBytes());
        if (!rss.isEmpty() && !s.peaks().rssWindowed()) {
            rss = "*" + rss;
        }
        return List.of(m.filter(), Numbers.fixed(s.timeMedianMs(), 1), mean, Integer.toString(m.images()),
                Integer.toString(m.failed()), Numbers.fixed(s.imagesPerSec(), 2), RowNotes.speedup(s),
                latency, Numbers.count(s.peaks().threads()), rss.isEmpty() && !m.runs().isEmpty() ? "n/a" : rss,
                m.outcome().label());
    }

    private static void notes(Summary s, PrintStream out) {
        Measurement m = s.measurement();
        if (!s.laneMedianMs().isEmpty()) {
            out.println("  " + m.filter() + ": " + Numbers.lanes(s.laneMedianMs()));
        }
        if (m.note() != null && m.outcome() != Outcome.OK) {
            out.println("  " + m.filter() + ": " + m.outcome().label() + ": " + m.note());
        }
        RowNotes.of(s).forEach(note -> out.println("  " + m.filter() + ": " + note));
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
