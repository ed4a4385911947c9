package dev.loomy.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** loomy's csv as tests read it back: RFC 4180 lines, no line breaks inside a cell. */
public final class Csv {

    private Csv() {
    }

    /** Splits one RFC 4180 line into cells, quotes taken off. */
    public static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                cell.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Each row after the header, as its cells by column name. */
    public static List<Map<String, String>> rows(String csv) {
        List<List<String>> lines = csv.lines().map(Csv::cells).toList();
        List<String> header = lines.get(0);
        return lines.subList(1, lines.size()).stream().map(cells -> IntStream.range(0, header.size()).boxed()
                .collect(Collectors.toMap(header::get, cells::get, (a, b) -> a))).toList();
    }
}
