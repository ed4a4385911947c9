package dev.loomy.results;

import java.nio.file.Path;
import java.util.Locale;

/** The formats results are rendered in: {@code --format}'s values, and {@code --report}'s by extension. */
public enum Format {
    TABLE, MARKDOWN, CSV, JSON;

    /** As {@code --format} names it: {@code table}, {@code markdown}, {@code csv}, {@code json}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Whether people read it: the table and markdown say under their rows what csv and json have only a column for. */
    public boolean human() {
        return this == TABLE || this == MARKDOWN;
    }

    /** A {@code --format} value, in any case ({@code md} for markdown). */
    public static Format parse(String name) {
        return switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "table" -> TABLE;
            case "markdown", "md" -> MARKDOWN;
            case "csv" -> CSV;
            case "json" -> JSON;
            default -> throw new IllegalArgumentException("unknown format '" + name
                    + "' (expected table, markdown, csv or json)");
        };
    }

    /** The format of a {@code --report} file, by its extension ({@code .txt} is the table). */
    public static Format forFile(Path file) {
        String name = file.getFileName() == null ? "" : file.getFileName().toString().toLowerCase(Locale.ROOT);
        int dot = name.lastIndexOf('.');
        return switch (dot < 0 ? "" : name.substring(dot + 1)) {
            case "csv" -> CSV;
            case "json" -> JSON;
            case "md", "markdown" -> MARKDOWN;
            case "txt" -> TABLE;
            default -> throw new IllegalArgumentException("--report=" + file
                    + ": unknown extension (expected .csv, .json, .md or .txt)");
        };
    }
}
