package dev.loomy.cli;

import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import dev.loomy.console.Console;
import dev.loomy.engine.spark.SparkEngines;
import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.files.InputProblem;
import dev.loomy.files.OutputLayout;
import dev.loomy.files.ImageWalk;
import dev.loomy.files.UriFiles;
import dev.loomy.files.UriWalk;
import dev.loomy.run.RunConfig;

/**
 * INPUT and {@code --output} as given: paths, read through java.nio by either engine, and URIs.
 * The local engine takes {@code file:} URIs as the paths they name and refuses others; the
 * Spark engine reads every URI ({@code file:} too) through Hadoop's FileSystem.
 */
final class Locations {

    /** A scheme and a slash: {@code hdfs://nn/x}, {@code file:/x}; a path such as {@code a:b.jpg} stays a path. */
    private static final Pattern URI_FORM = Pattern.compile("^[A-Za-z][A-Za-z0-9+.-]*:/.*", Pattern.DOTALL);

    private final List<String> inputs;
    private final List<Path> paths = new ArrayList<>();
    private final List<String> uris = new ArrayList<>();
    private final Path outputFolder;
    private final String outputUri;
    private final UriFiles uriFiles;

    /** @param sparkConf {@code --spark-conf} when the Spark engine runs (Hadoop's settings among it), else null */
    Locations(List<String> inputs, String output, Map<String, String> sparkConf) throws UsageError {
        this.inputs = List.copyOf(inputs);
        boolean spark = sparkConf != null;
        for (String input : inputs) {
            if (spark && isUri(input)) {
                uris.add(input);
            } else {
                paths.add(path("INPUT " + input, input));
            }
        }
        boolean outputIsUri = spark && isUri(output);
        outputFolder = outputIsUri ? null : path("--output=" + output, output);
        outputUri = outputIsUri ? output : null;
        uriFiles = uris.isEmpty() && !outputIsUri ? null : SparkEngines.uriFiles(sparkConf);
    }

    static boolean isUri(String location) {
        return URI_FORM.matcher(location).matches();
    }

    /** A path, or the path a {@code file:} URI names; any other URI is the Spark engine's. */
    private static Path path(String what, String location) throws UsageError {
        if (!isUri(location)) {
            return Path.of(location);
        }
        if (location.regionMatches(true, 0, "file:", 0, 5)) {
            try {
                return Path.of(URI.create(location));
            } catch (IllegalArgumentException e) {
                throw new UsageError(what + ": not a file: URI of this machine (" + e.getMessage() + ")");
            }
        }
        throw new UsageError(what + ": the local engine takes paths and file: URIs; --engine=spark reads and writes other "
                + "URIs through Hadoop's FileSystem");
    }

    /** The inputs on paths. */
    List<Path> paths() {
        return paths;
    }

    /** INPUT as given, when some are URIs (for the record), else null: the paths say it. */
    List<String> given() {
        return uris.isEmpty() ? null : inputs;
    }

    /** The output folder on a path, or null when it is a URI. */
    Path outputFolder() {
        return outputFolder;
    }

    /** The output folder as a URI for the Spark engine, or null. */
    String outputUri() {
        return outputUri;
    }

    /** Whether an input or the output is a URI: then {@link #checkOutput} checks the output against them. */
    boolean anyUri() {
        return uriFiles != null;
    }

    /**
     * The walk of the inputs on paths, each input's images sorted by relative path, the inputs in
     * the order given.
     *
     * @param console says what could not be walked, and which inputs repeat another's images
     */
    ImageWalk walk(Console console) throws UsageError {
        try {
            return new ImageWalk(paths, console::error, console::note);
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
    }

    /** The inputs named by URIs, in the order given. */
    List<String> uris() {
        return uris;
    }

    /**
     * The images below the URI inputs, after those on paths, one at a time: each input's in the
     * order of their relative paths, each image once.
     *
     * @param console says which inputs repeat images that an earlier one gave
     */
    UriWalk byUri(Console console) throws InputProblem {
        return new UriWalk(uriFiles, uris, console::note);
    }

    /** Refuses a run without an image. */
    /** Every image, walked now, in a list: for a command that shows them all ({@code tune}). */
    List<ImageFile> images(Console console) throws UsageError {
        List<ImageFile> images = new ArrayList<>();
        walk(console).forEachRemaining(images::add);
        try {
            byUri(console).forEachRemaining(images::add);
        } catch (InputProblem | UncheckedIOException e) {
            throw new UsageError(e.getMessage());
        }
        if (images.isEmpty()) {
            throw noImages();
        }
        return images;
    }

    UsageError noImages() {
        return new UsageError("no images found in " + inputs + " (looked for " + String.join(", ", ImageExtensions.ALL)
                + ")");
    }

    /** See {@link UriFiles#checkOutput}, the images walked again; only when {@link #anyUri}. */
    void checkOutput(RunConfig config, ImageSet images) throws InputProblem {
        OutputLayout relative = config.layoutWithin(Path.of(""));
        String filter = config.filters().get(0).name();
        String strategy = config.strategies().get(0).name();
        uriFiles.checkOutput(outputUri != null ? outputUri : outputFolder.toString(), inputs,
                images.walk(config.inputs(), uriFiles), image -> relative.outputFor(image, filter, strategy));
    }
}
