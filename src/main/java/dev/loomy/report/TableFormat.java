package dev.loomy.report;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.files.Names;
import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;
import dev.loomy.strategy.Strategies;

/**
 * The human format: what was measured and on what, once; then one table per strategy, one
 * row per filter, with the article's columns (Filter, Time (ms), Images, Avg (images/sec))
 * and a benchmark's; then the rows that cannot be told apart, and what the columns mean. A
 * Warnings column (images done from damaged files) appears only when some row has one. The
 * tables fit the terminal's width: the least important columns ({@link Schema#DROPPED_FIRST})
 * are left out, and said so, unless {@code wide}.
 */
public final class TableFormat implements ResultFormat {

    /** The width when nothing says the terminal's: standard output is a file or a pipe. */
    public static final int DEFAULT_WIDTH = 100;
    /** Set by run.sh when standard output is a terminal ({@code tput cols}); the JVM cannot ask. */
    static final String COLUMNS_PROPERTY = "loomy.columns";
    /** Narrower than this, no table fits at all: the prose still wraps at this width. */
    private static final int NARROWEST = 40;

    private final int width;
    private final boolean wide;

    /** At the terminal's width, the least important columns left out if need be. */
    public TableFormat() {
        this(terminalWidth(), false);
    }

    /** @param wide whether every column is shown, however wide the tables */
    public TableFormat(int width, boolean wide) {
        this.width = Math.max(NARROWEST, width);
        this.wide = wide;
    }

    /** {@code COLUMNS} when exported, else what run.sh found, else {@link #DEFAULT_WIDTH}. */
    public static int terminalWidth() {
        for (String given : new String[] {System.getenv("COLUMNS"), System.getProperty(COLUMNS_PROPERTY)}) {
            try {
                if (given != null && Integer.parseInt(given.trim()) > 0) {
                    return Integer.parseInt(given.trim());
                }
            } catch (NumberFormatException e) {
                // Not a width: the next source says.
            }
        }
        return DEFAULT_WIDTH;
    }

    @Override
    public void write(Results results, PrintStream out) {
        wrap(Captions.method(results), width, out);
        wrap(Captions.machine(results), width, out);
        Map<String, List<Summary>> byStrategy = new LinkedHashMap<>();
        for (Summary s : results.summaries()) {
            byStrategy.computeIfAbsent(s.measurement().strategy(), k -> new ArrayList<>()).add(s);
        }
        boolean warnings = results.measurements().stream().anyMatch(m -> m.warnings() > 0);
        // Warnings (images done from damaged files) only when some row has one: the usual table keeps its width.
        // A scanned option's column only with a scan.
        List<Column> columns = new ArrayList<>(Schema.in(Format.TABLE, results).stream()
                .filter(c -> warnings || !c.name().equals(Schema.WARNINGS)).toList());
        List<String> left = new ArrayList<>();
        Layout layout = new Layout(columns, false);
        layout = leaveOut(Schema.DROPPED_FIRST, layout, byStrategy, left);
        if (!wide && widest(byStrategy, layout) > width) {
            // Still too wide (long names, a scan's columns): headings and long names over more lines, then
            // the columns that repeat what others say (ms/image, the mean, the median's time).
            // Outcome says again what the notes under a row say, unless every row ended well; then it says nothing.
            boolean allOk = results.measurements().stream().allMatch(m -> m.outcome() == Outcome.OK);
            boolean noneFailed = results.measurements().stream().allMatch(m -> m.failed() == 0);
            layout = leaveOut(DROPPED_NEXT.stream().filter(c -> allOk || !c.equals(Schema.OUTCOME))
                    .filter(c -> noneFailed || !c.equals(Schema.FAILED)).toList(),
                    new Layout(layout.columns(), true), byStrategy, left);
        }
        boolean fits = wide || widest(byStrategy, layout) <= width;
        for (Map.Entry<String, List<Summary>> entry : byStrategy.entrySet()) {
            out.println();
            wrap(heading(entry.getKey()), width, out);
            out.print(table(entry.getValue(), layout).render());
            for (Summary s : entry.getValue()) {
                notes(s, out, width);
            }
        }
        out.println();
        if (results.measurements().isEmpty()) {
            out.println("Nothing was measured.");
        } else {
            ranking(results, width, out);
            for (String line : Captions.indistinct(results)) {
                wrap(line, width, out);
            }
            wrap(Captions.legend(results, layout.columns()), width, out);
            for (String line : Captions.rigor(results)) {
                wrap(line, width, out);
            }
            for (String line : Captions.contention(results)) {
                wrap(line, width, out);
            }
            if (!left.isEmpty()) {
                wrap((fits ? "Left out to fit " + width + " columns: " : "Left out, and still wider than " + width
                        + " columns: ") + String.join(", ", left) + "; --wide shows "
                        + (left.size() == 1 ? "it." : "them."), width, out);
            }
        }
        if (results.interrupted()) {
            out.println("Interrupted: these are partial results.");
        }
    }

    /**
     * Left out, after those of {@link Schema#DROPPED_FIRST}, while the table is still too wide: each says again
     * what another does or says nothing (Outcome, when every row ended well; Images, the count the first line
     * gives; Failed, when none failed; Speed-up, which the ranking under the tables says against the fastest).
     */
    static final List<String> DROPPED_NEXT = List.of("ms_image", "time_mean_ci", "time", Schema.OUTCOME, "images",
            Schema.FAILED, "speedup_shown");
    /** A text cell longer than this is broken after its commas and brackets, where it is too wide. */
    private static final int NARROW_TEXT = 12;

    /**
     * The columns shown, and whether headings and long text are stacked over lines (only where the
     * table is too wide without: the usual table keeps one line per row).
     */
    private record Layout(List<Column> columns, boolean stacked) {
    }

    /** {@code layout} less the columns {@code names}, in order, until the tables fit; each left out is added to {@code left}. */
    private Layout leaveOut(List<String> names, Layout layout, Map<String, List<Summary>> byStrategy, List<String> left) {
        List<Column> columns = new ArrayList<>(layout.columns());
        for (String name : names) {
            if (wide || widest(byStrategy, new Layout(columns, layout.stacked())) <= width) {
                break;
            }
            columns.stream().filter(c -> c.name().equals(name)).findFirst().ifPresent(c -> {
                columns.remove(c);
                left.add(c.heading());
            });
        }
        return new Layout(columns, layout.stacked());
    }

    /** The widest line of any strategy's table laid out so. */
    private static int widest(Map<String, List<Summary>> byStrategy, Layout layout) {
        return byStrategy.values().stream().flatMap(rows -> table(rows, layout).render().lines())
                .mapToInt(String::length).max().orElse(0);
    }

    private static TextTable table(List<Summary> rows, Layout layout) {
        List<Column> columns = layout.columns();
        TextTable table = new TextTable(columns.stream().map(c -> layout.stacked() ? stacked(c.heading())
                : c.heading()).toList(), alignment(columns));
        for (Summary s : rows) {
            table.add(columns.stream().map(c -> {
                String text = Names.shown(c.text(s, false));
                return layout.stacked() && !c.rightAligned() ? broken(text) : text;
            }).toList());
        }
        return table;
    }

    /** "Avg (images/sec)" over two lines: the name, then its unit. */
    private static String stacked(String heading) {
        return heading.replace(" (", "\n(");
    }

    /** A long name ({@code Cartoon2[red=20,green=200]}) broken after its brackets and commas, in lines of about {@link #NARROW_TEXT}. */
    static String broken(String text) {
        if (text.length() <= NARROW_TEXT) {
            return text;
        }
        StringBuilder out = new StringBuilder();
        int lineStart = 0;
        for (String piece : text.split("(?<=[\\[,])")) {
            if (out.length() > lineStart && out.length() - lineStart + piece.length() > NARROW_TEXT) {
                out.append('\n');
                lineStart = out.length();
            }
            out.append(piece);
        }
        return out.toString();
    }

    private static String heading(String strategy) {
        return Strategies.find(strategy).map(s -> strategy + ": " + s.description()).orElse(strategy);
    }

    private static boolean[] alignment(List<Column> columns) {
        boolean[] right = new boolean[columns.size()];
        for (int c = 0; c < right.length; c++) {
            right[c] = columns.get(c).rightAligned();
        }
        return right;
    }

    /** The ranking of each filter (and point) measured in several rows, and why it may give no clear answer. */
    private static void ranking(Results results, int width, PrintStream out) {
        List<RankingLines.Group> groups = RankingLines.of(results);
        if (!groups.isEmpty()) {
            wrap(RankingLines.INTRO, width, out);
            for (RankingLines.Group group : groups) {
                wrap(group.label() + ":", width, out);
                group.rows().forEach(row -> wrap(row, width, "  ", "     ", out));
            }
        }
        String advice = RankingLines.advice(results);
        if (advice != null) {
            wrap(advice, width, out);
        }
        if (!groups.isEmpty() || advice != null) {
            out.println();
        }
    }

    /** The notes under a row, each indented, its further lines more so. */
    private static void notes(Summary s, PrintStream out, int width) {
        Measurement m = s.measurement();
        // In a scan a strategy's table has a row per value: the note says which.
        String row = m.filter() + m.key().scanned();
        List<String> notes = new ArrayList<>();
        String lanes = Schema.LANES.text(s, false);
        if (!lanes.isEmpty()) {
            notes.add(lanes);
        }
        notes.addAll(RowNotes.of(s));
        notes.forEach(note -> wrap(row + ": " + note, width, "  ", "    ", out));
    }

    /**
     * Prints {@code text} in lines of at most {@code width} characters, broken between words; what it
     * quotes of the results (names, notes, the machine) with its control characters escaped.
     */
    static void wrap(String text, int width, PrintStream out) {
        wrap(text, width, "", "", out);
    }

    private static void wrap(String text, int width, String first, String rest, PrintStream out) {
        StringBuilder line = new StringBuilder(first);
        boolean empty = true;
        for (String word : Names.shown(text).split(" ")) {
            if (!empty && line.length() + 1 + word.length() > width) {
                out.println(line);
                line.setLength(0);
                line.append(rest);
                empty = true;
            }
            line.append(empty ? "" : " ").append(word);
            empty = false;
        }
        if (!empty) {
            out.println(line);
        }
    }
}
