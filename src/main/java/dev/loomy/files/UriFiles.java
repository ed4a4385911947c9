package dev.loomy.files;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;

/**
 * Inputs and output folders named by URIs ({@code hdfs://nn/photos}, {@code s3a://bucket/x},
 * {@code file:///tmp/in}), for the Spark engine, which reads and writes them through Hadoop's
 * FileSystem: its build has Hadoop's classes, loomy's own jar does not.
 */
public interface UriFiles {

    /**
     * The images below {@code input} by {@link InputWalker}'s rules, one at a time: hidden files and
     * folders skipped, image extensions in any case, in the order of their relative paths; a file is
     * taken as itself. A folder that cannot be listed once the walk has started ends it with an
     * {@link java.io.UncheckedIOException} that names it.
     *
     * @throws InputProblem when {@code input} itself cannot be read, or is not an image file
     */
    Iterator<ImageFile> walk(String input) throws InputProblem;

    /**
     * Refuses, before any work starts, an output folder that is or lies inside an input folder
     * and two images written to the same output; makes the output folder when it is a URI.
     *
     * @param output          the output folder: a URI, or a path
     * @param inputs          INPUT as given: URIs and paths
     * @param images          the images, one at a time
     * @param relativeOutput  an image's output relative to the output folder
     */
    void checkOutput(String output, List<String> inputs, Iterator<ImageFile> images,
                     Function<ImageFile, Path> relativeOutput) throws InputProblem;
}
