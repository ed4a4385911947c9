package dev.loomy.report;

import java.util.ArrayList;
import java.util.List;

/** A plain-text table with aligned columns: text left, numbers right. */
public final class TextTable {

    private final List<String> headers;
    private final boolean[] rightAligned;
    private final List<List<String>> rows = new ArrayList<>();

    public TextTable(List<String> headers, boolean... rightAligned) {
        this.headers = headers;
        this.rightAligned = rightAligned;
    }

    public void add(List<String> row) {
        rows.add(row);
    }

    public String render() {
        int[] widths = new int[headers.size()];
        for (int c = 0; c < widths.length; c++) {
            widths[c] = headers.get(c).length();
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], row.get(c).length());
            }
        }
        StringBuilder out = new StringBuilder();
        line(out, headers, widths);
        for (List<String> row : rows) {
            line(out, row, widths);
        }
        return out.toString();
    }

    private void line(StringBuilder out, List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int c = 0; c < cells.size(); c++) {
            if (c > 0) {
                line.append("  ");
            }
            String cell = cells.get(c);
            String pad = " ".repeat(widths[c] - cell.length());
            boolean right = c < rightAligned.length && rightAligned[c];
            line.append(right ? pad + cell : cell + pad);
        }
        out.append(line.toString().stripTrailing()).append('\n');
    }
}
