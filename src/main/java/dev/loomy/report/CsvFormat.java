package dev.loomy.report;

import java.io.PrintStream;
import java.util.List;
import java.util.regex.Pattern;

import dev.loomy.files.Names;
import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.Results;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;

/** One header line and one row per (strategy, filter), the schema's csv columns; scripts find them by name. */
public final class CsvFormat implements ResultFormat {

    /** What a spreadsheet reads a formula from, as a cell's first character. */
    private static final String FORMULA_START = "=+-@\t\r";
    private static final Pattern NUMBER = Pattern.compile("[-+]?(\\d+\\.?\\d*|\\.\\d+)([eE][-+]?\\d+)?");

    @Override
    public void write(Results results, PrintStream out) {
        List<Column> columns = Schema.in(Format.CSV, results);
        out.println(String.join(",", columns.stream().map(c -> c.nameIn(Format.CSV)).toList()));
        for (Summary s : results.summaries()) {
            out.println(String.join(",", columns.stream().map(c -> escape(c.text(s, true))).toList()));
        }
    }

    /**
     * RFC 4180: quote a cell holding a comma, a quote or a line break; double its quotes. A cell
     * that a spreadsheet would take for a formula (one starting with =, +, -, @, a tab or a
     * carriage return: a filter or file name can) gets a leading apostrophe, so that it is shown
     * as text and never run; a number, negative ones included, stays as it is. Control characters
     * (a name's escape sequence, a line break) are escaped as on standard error: printed, the csv
     * cannot drive the terminal.
     */
    public static String escape(String cell) {
        cell = Names.shown(cell);
        if (!cell.isEmpty() && FORMULA_START.indexOf(cell.charAt(0)) >= 0 && !NUMBER.matcher(cell).matches()) {
            cell = "'" + cell;
        }
        if (cell.contains(",") || cell.contains("\"") || cell.contains("\n") || cell.contains("\r")) {
            return '"' + cell.replace("\"", "\"\"") + '"';
        }
        return cell;
    }
}
