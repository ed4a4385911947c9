package dev.loomy.files;

import java.nio.file.Path;
import java.util.List;

/**
 * Inputs and output folders named by URIs ({@code hdfs://nn/photos}, {@code s3a://bucket/x},
 * {@code file:///tmp/in}), for the Spark engine, which reads and writes them through Hadoop's
 * FileSystem: its build has Hadoop's classes, loomy's own jar does not.
 */
public interface UriFiles {

    /**
     * The images below {@code input} by {@link InputWalker}'s rules: hidden files and folders
     * skipped, image extensions in any case, sorted by relative path; a file is taken as itself.
     */
    List<ImageFile> walk(String input) throws InputProblem;

    /**
     * Refuses, before any work starts, an output folder that is or lies inside an input folder
     * and two images written to the same output; makes the output folder when it is a URI.
     *
     * @param output          the output folder: a URI, or a path
     * @param inputs          INPUT as given: URIs and paths
     * @param relativeOutputs each image's output relative to the output folder, in the order of {@code images}
     */
    void checkOutput(String output, List<String> inputs, List<ImageFile> images, List<Path> relativeOutputs)
            throws InputProblem;
}
