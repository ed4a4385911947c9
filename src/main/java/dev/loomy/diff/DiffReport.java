package dev.loomy.diff;

import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.loomy.console.Console;
import dev.loomy.report.CsvFormat;

/**
 * Prints the comparison as it goes, one line per pair, so that a folder of thousands of
 * images needs no more memory than one pair: an aligned table (the name column is as wide
 * as the longest name, known from the walk) or CSV; then a row of the figures over every
 * compared pair ({@link Overall}). Problems go to the error stream, one line each; the
 * summary goes last.
 */
public final class DiffReport {

    public enum Format { TABLE, CSV }

    static final List<String> CSV_COLUMNS = List.of("image", "result", "width", "height", "max_diff", "identical_values",
            "total_values", "identical_percent", "psnr_db", "mae", "ssim");
    /** The name of the row over every compared pair, and the CSV's result word for it. */
    static final String OVERALL = "overall";

    private final PrintStream out;
    private final Console console;
    private final Format format;
    private final boolean quiet;
    private final Map<PairResult.Kind, Integer> counts = new EnumMap<>(PairResult.Kind.class);
    private final Overall overall = new Overall();
    private int unwritten;
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
        nameWidth = Math.max(OVERALL.length(), names.stream().mapToInt(String::length).max().orElse(0));
        if (quiet) {
            return;
        }
        if (format == Format.CSV) {
            out.println(String.join(",", CSV_COLUMNS));
        } else {
            out.println(String.format(Locale.ROOT, "%-" + nameWidth + "s  %8s  %9s  %9s  %8s  %8s", "image",
                    "max diff", "identical", "PSNR (dB)", "MAE", "SSIM"));
        }
    }

    public void add(PairResult result) {
        counts.merge(result.kind(), 1, Integer::sum);
        if (result.problem() != null) {
            console.error(result.problem());
        }
        if (result.difference() != null) {
            overall.add(result.difference());
            if (result.problem() != null) {
                unwritten++;
            }
        }
        if (!quiet && (format == Format.CSV || result.difference() != null)) {
            out.println(line(result.name(), result.kind().label(), result.difference()));
        }
    }

    /**
     * Prints the overall row, then the summary: on standard output for the table, on the error
     * stream beside CSV (which it would spoil).
     */
    public void finish() {
        if (!quiet && overall.any()) {
            out.println(format == Format.CSV ? line("", OVERALL, overall.difference())
                    : line(OVERALL, OVERALL, overall.difference()));
        }
        (format == Format.CSV ? console.stream() : out).println(summary());
        out.flush();
        console.stream().flush();
    }

    public int count(PairResult.Kind kind) {
        return counts.getOrDefault(kind, 0);
    }

    /** How many compared pairs' heatmaps could not be written. */
    public int unwritten() {
        return unwritten;
    }

    String summary() {
        int identical = count(PairResult.Kind.IDENTICAL);
        int different = count(PairResult.Kind.DIFFERENT);
        return String.format(Locale.ROOT,
                "compared %d: %d identical, %d different; %d only in A, %d only in B, %d unreadable, %d size mismatch",
                identical + different, identical, different, count(PairResult.Kind.ONLY_IN_A),
                count(PairResult.Kind.ONLY_IN_B), count(PairResult.Kind.UNREADABLE), count(PairResult.Kind.SIZE_MISMATCH));
    }

    /** One table or CSV row; {@code d} is null for a pair that was not compared (CSV only). */
    private String line(String name, String result, ImageComparison.Difference d) {
        if (format == Format.TABLE) {
            return String.format(Locale.ROOT, "%-" + nameWidth + "s  %8d  %9s  %9s  %8.4f  %8s", name,
                    d.maxDifference(), d.identicalPercent(3) + "%", psnr(d, 2), d.meanAbsoluteError(),
                    ssim(d, 4, "n/a"));
        }
        List<String> cells = d == null
                ? List.of(CsvFormat.escape(name), result, "", "", "", "", "", "", "", "", "")
                : List.of(CsvFormat.escape(name), result, d.width() == 0 ? "" : Integer.toString(d.width()),
                        d.height() == 0 ? "" : Integer.toString(d.height()), Integer.toString(d.maxDifference()),
                        Long.toString(d.identicalValues()), Long.toString(d.totalValues()),
                        d.identicalPercent(6).toPlainString(), psnr(d, 4),
                        String.format(Locale.ROOT, "%.6f", d.meanAbsoluteError()), ssim(d, 6, ""));
        return String.join(",", cells);
    }

    private static String psnr(ImageComparison.Difference d, int decimals) {
        return Double.isInfinite(d.psnr()) ? "inf" : String.format(Locale.ROOT, "%." + decimals + "f", d.psnr());
    }

    /** Rounded down, as the identical share, so that 1 means no difference at all. */
    private static String ssim(ImageComparison.Difference d, int decimals, String none) {
        return Double.isNaN(d.ssim()) ? none
                : BigDecimal.valueOf(d.ssim()).setScale(decimals, RoundingMode.FLOOR).toPlainString();
    }
}
