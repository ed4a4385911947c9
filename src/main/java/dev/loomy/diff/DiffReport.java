package dev.loomy.diff;

import java.io.PrintStream;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.loomy.console.Console;
import dev.loomy.report.CsvFormat;

/**
 * Prints the comparison as it goes, one line per pair, so that a folder of thousands of
 * images needs no more memory than one pair: an aligned table (the name column is as wide
 * as the longest name, known from the walk) or CSV. Problems go to the error stream, one
 * line each; the summary goes last.
 */
public final class DiffReport {

    public enum Format { TABLE, CSV }

    static final List<String> CSV_COLUMNS = List.of("image", "result", "width", "height", "max_diff", "identical_values",
            "total_values", "identical_percent", "psnr_db");

    private final PrintStream out;
    private final Console console;
    private final Format format;
    private final boolean quiet;
    private final Map<PairResult.Kind, Integer> counts = new EnumMap<>(PairResult.Kind.class);
    private int nameWidth;

    /** @param quiet print the summary and the problems only */
    public DiffReport(PrintStream out, Console console, Format format, boolean quiet) {
        this.out = out;
        this.console = console;
        this.format = format;
        this.quiet = quiet;
    }

    /** Prints the header; {@code names} are every name to come, for the table's column width. */
    public void begin(List<String> names) {
        nameWidth = Math.max("image".length(), names.stream().mapToInt(String::length).max().orElse(0));
        if (quiet) {
            return;
        }
        if (format == Format.CSV) {
            out.println(String.join(",", CSV_COLUMNS));
        } else {
            out.println(row("image", "max diff", "identical", "PSNR (dB)"));
        }
    }

    public void add(PairResult result) {
        counts.merge(result.kind(), 1, Integer::sum);
        if (result.problem() != null) {
            console.error(result.problem());
        }
        if (quiet) {
            return;
        }
        if (format == Format.CSV) {
            out.println(csv(result));
        } else if (result.difference() != null) {
            ImageComparison.Difference d = result.difference();
            out.println(row(result.name(), Integer.toString(d.maxDifference()), d.identicalPercent(3) + "%", psnr(d, 2)));
        }
    }

    /** Prints the summary: on standard output for the table, on the error stream beside CSV (which it would spoil). */
    public void finish() {
        (format == Format.CSV ? console.stream() : out).println(summary());
        out.flush();
        console.stream().flush();
    }

    public int count(PairResult.Kind kind) {
        return counts.getOrDefault(kind, 0);
    }

    String summary() {
        int identical = count(PairResult.Kind.IDENTICAL);
        int different = count(PairResult.Kind.DIFFERENT);
        return String.format(Locale.ROOT,
                "compared %d: %d identical, %d different; %d only in A, %d only in B, %d unreadable, %d size mismatch",
                identical + different, identical, different, count(PairResult.Kind.ONLY_IN_A),
                count(PairResult.Kind.ONLY_IN_B), count(PairResult.Kind.UNREADABLE), count(PairResult.Kind.SIZE_MISMATCH));
    }

    private String row(String name, String max, String identical, String psnr) {
        return String.format(Locale.ROOT, "%-" + nameWidth + "s  %8s  %9s  %9s", name, max, identical, psnr);
    }

    private static String csv(PairResult result) {
        ImageComparison.Difference d = result.difference();
        List<String> cells = d == null
                ? List.of(CsvFormat.escape(result.name()), result.kind().label(), "", "", "", "", "", "", "")
                : List.of(CsvFormat.escape(result.name()), result.kind().label(), Integer.toString(d.width()),
                        Integer.toString(d.height()), Integer.toString(d.maxDifference()),
                        Long.toString(d.identicalValues()), Long.toString(d.totalValues()),
                        d.identicalPercent(6).toPlainString(), psnr(d, 4));
        return String.join(",", cells);
    }

    private static String psnr(ImageComparison.Difference d, int decimals) {
        return Double.isInfinite(d.psnr()) ? "inf" : String.format(Locale.ROOT, "%." + decimals + "f", d.psnr());
    }
}
