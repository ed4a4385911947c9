package dev.loomy.imageio;

import java.util.Locale;

/** Which of an input's metadata its output keeps ({@code --keep-metadata}). */
public enum KeepMetadata {
    /** EXIF, ICC profile and XMP. */
    ALL,
    NONE,
    /** The ICC profile alone: the colours stay right, and nothing about the camera, the place or the person goes. */
    ICC,
    /** The EXIF alone. */
    EXIF;

    /** Parses {@code all}, {@code none}, {@code icc} or {@code exif} in any case. */
    public static KeepMetadata parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "all" -> ALL;
            case "none" -> NONE;
            case "icc" -> ICC;
            case "exif" -> EXIF;
            default -> throw new IllegalArgumentException(
                    "unknown --keep-metadata '" + text + "' (expected all, none, icc or exif)");
        };
    }

    boolean keeps(Metadata.Kind kind) {
        return switch (this) {
            case ALL -> true;
            case NONE -> false;
            case ICC -> kind == Metadata.Kind.ICC;
            case EXIF -> kind == Metadata.Kind.EXIF;
        };
    }
}
