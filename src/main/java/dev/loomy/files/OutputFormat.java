package dev.loomy.files;

import java.nio.file.Path;
import java.util.Locale;

/** The format written images take: the input's own (by extension), or PNG, JPEG or WebP for all. */
public enum OutputFormat {
    SAME(null), PNG("png"), JPG("jpg"), WEBP("webp");

    private final String extension;

    OutputFormat(String extension) {
        this.extension = extension;
    }

    /** Parses {@code same}, {@code png}, {@code jpg}, {@code jpeg} or {@code webp} in any case. */
    public static OutputFormat parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "same" -> SAME;
            case "png" -> PNG;
            case "jpg", "jpeg" -> JPG;
            case "webp" -> WEBP;
            default -> throw new IllegalArgumentException("unknown image format '" + text
                    + "' (expected same, png, jpg or webp)");
        };
    }

    /** As {@code --image-format} names it: {@code same}, {@code png}, {@code jpg}, {@code webp}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The output's relative path for an input's relative path: its extension replaced unless SAME. */
    public Path apply(Path relative) {
        return extension == null ? relative : ImageExtensions.withExtension(relative, extension);
    }
}
