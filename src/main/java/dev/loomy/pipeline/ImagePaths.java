package dev.loomy.pipeline;

import java.nio.file.Path;

import dev.loomy.files.ImageFile;

/**
 * Where one image of a run comes from and where its result goes.
 *
 * @param source the input image
 * @param output where the result goes, or null when nothing is written ({@code --no-write})
 */
public record ImagePaths(ImageFile source, Path output) {
}
