package dev.loomy.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Where each output image goes.
 *
 * <p>With one strategy and one filter: {@code DIR/<relative path>}; with several:
 * {@code DIR/<filter>/<strategy>/<relative path>}, so that runs never overwrite each other.
 */
public final class OutputLayout {

    private final Path root;
    private final OutputFormat format;
    private final boolean perRun;

    /** @param perRun whether outputs go into {@code <filter>/<strategy>/} folders (several runs) */
    public OutputLayout(Path root, OutputFormat format, boolean perRun) {
        this.root = root;
        this.format = format;
        this.perRun = perRun;
    }

    public Path root() {
        return root;
    }

    public Path outputFor(ImageFile image, String filter, String strategy) {
        Path relative = format.apply(image.relative());
        return perRun ? root.resolve(filter).resolve(strategy).resolve(relative) : root.resolve(relative);
    }

    /**
     * Refuses, before any work starts, an output folder equal to or inside an input folder,
     * two inputs that would be written to the same output file, and an output onto an input.
     *
     * @param filters    the names of the filters to be run, as {@link #outputFor} takes them
     * @param strategies the names of the strategies to be run
     */
    public void check(List<Path> inputs, List<ImageFile> images, List<String> filters, List<String> strategies)
            throws InputProblem {
        Path out = canonical(root);
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                Path in = canonical(input);
                if (out.startsWith(in)) {
                    throw new InputProblem("output folder " + root + " is " + (out.equals(in) ? "the" : "inside the")
                            + " input folder " + input + ": choose another with -o");
                }
            }
        }
        // The relative path decides the output for every run alike, so one check covers them all.
        Map<Path, ImageFile> seen = new HashMap<>();
        for (ImageFile image : images) {
            Path relative = format.apply(image.relative());
            ImageFile previous = seen.putIfAbsent(canonical(root.resolve(relative)), image);
            if (previous != null) {
                throw new InputProblem(previous.path() + " and " + image.path() + " would both be written as "
                        + relative + ": rename one, or run them separately");
            }
        }
        // An input given as a file may lie in the output folder: in any run's part of it.
        for (ImageFile image : images) {
            Path source = canonical(image.path());
            if (!source.startsWith(out)) {
                continue;
            }
            for (String filter : filters) {
                for (String strategy : strategies) {
                    if (canonical(outputFor(image, filter, strategy)).equals(source)) {
                        throw new InputProblem(image.path() + " would be overwritten by its own output: choose another -o");
                    }
                }
            }
        }
    }

    /** The absolute, link-resolved form of {@code path}, for the part of it that exists. */
    static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            return absolute;
        }
    }
}
