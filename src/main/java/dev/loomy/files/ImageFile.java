package dev.loomy.files;

import java.nio.file.Path;

/**
 * An input image found by the walk.
 *
 * @param path     where it is, as the user named it (relative or absolute)
 * @param relative its path relative to the input folder it was found in (its file name
 *                 when it was named directly); the output keeps this path
 */
public record ImageFile(Path path, Path relative) {
}
