package dev.loomy.pipeline;

import java.nio.file.Path;

import dev.loomy.files.ImageFile;

/**
 * One image to process in one run.
 *
 * @param source the input image
 * @param output where the result goes, or null when nothing is written ({@code --no-write})
 */
public record ImagePaths(ImageFile source, Path output) {
}
