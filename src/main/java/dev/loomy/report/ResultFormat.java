package dev.loomy.report;

import java.io.PrintStream;
import java.util.Locale;

/** A way of writing results: {@code table}, {@code csv}, ... */
public interface ResultFormat {

    void write(Results results, PrintStream out);

    /** The format for a {@code --format} name. */
    static ResultFormat named(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "table" -> new TableFormat();
            case "csv" -> new CsvFormat();
            default -> throw new IllegalArgumentException("unknown format '" + name + "' (expected table or csv)");
        };
    }
}
