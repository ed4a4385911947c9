package dev.loomy.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain-text table with aligned columns: text left, numbers right. A heading or cell with line
 * breaks takes as many lines, its row's other cells blank below their first.
 */
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
            widths[c] = widest(headers.get(c));
            for (List<String> row : rows) {
                widths[c] = Math.max(widths[c], widest(row.get(c)));
            }
        }
        StringBuilder out = new StringBuilder();
        lines(out, headers, widths);
        for (List<String> row : rows) {
            lines(out, row, widths);
        }
        return out.toString();
    }

    private static int widest(String cell) {
        return cell.lines().mapToInt(String::length).max().orElse(0);
    }

    /** One row, as many lines as its tallest cell; a stacked heading's lines are aligned at the bottom. */
    private void lines(StringBuilder out, List<String> cells, int[] widths) {
        List<List<String>> parts = cells.stream().map(cell -> cell.isEmpty() ? List.of("") : cell.lines().toList())
                .toList();
        int height = parts.stream().mapToInt(List::size).max().orElse(1);
        boolean heading = cells == headers;
        for (int i = 0; i < height; i++) {
            List<String> line = new ArrayList<>();
            for (List<String> part : parts) {
                int at = heading ? i - (height - part.size()) : i;
                line.add(at >= 0 && at < part.size() ? part.get(at) : "");
            }
            line(out, line, widths);
        }
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
