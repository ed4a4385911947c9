package dev.loomy.files;

import java.nio.file.Path;
import java.util.Locale;

/** The format written images take: the input's own (by extension), or PNG or JPEG for all. */
public enum OutputFormat {
    SAME(null), PNG("png"), JPG("jpg");

    private final String extension;

    OutputFormat(String extension) {
        this.extension = extension;
    }

    /** Parses {@code same}, {@code png}, {@code jpg} or {@code jpeg} in any case. */
    public static OutputFormat parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "same" -> SAME;
            case "png" -> PNG;
            case "jpg", "jpeg" -> JPG;
            default -> throw new IllegalArgumentException("unknown image format '" + text + "' (expected same, png or jpg)");
        };
    }

    /** The output's relative path for an input's relative path: its extension replaced unless SAME. */
    public Path apply(Path relative) {
        return extension == null ? relative : ImageExtensions.withExtension(relative, extension);
    }
}
