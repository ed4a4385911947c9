package dev.loomy.files;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The file name endings loomy takes as images. */
public final class ImageExtensions {

    public static final List<String> ALL = List.of("jpg", "jpeg", "png", "bmp", "tif", "tiff", "webp");

    private ImageExtensions() {
    }

    /** The lower-case extension of {@code file}'s name, without the dot, or "" when it has none. */
    public static String of(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot <= 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
    }

    public static boolean isImage(Path file) {
        return ALL.contains(of(file));
    }

    /** {@code file} with its extension replaced by {@code extension} (no dot). */
    public static Path withExtension(Path file, String extension) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String base = dot <= 0 ? name : name.substring(0, dot);
        return file.resolveSibling(base + "." + extension);
    }
}
