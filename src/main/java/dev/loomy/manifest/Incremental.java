package dev.loomy.manifest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageFile.Seen;

/**
 * What one filter's outputs ask of the manifest: is this image's output up to date, and the
 * record of an output just made. The records go to a {@link Sink}: the manifest itself where the
 * outputs are made in this JVM, or a list that a Spark executor returns to the driver, which
 * appends them.
 */
public final class Incremental {

    /** Where the records of outputs made go. */
    @FunctionalInterface
    public interface Sink {
        void add(ManifestRecord record) throws IOException;
    }

    private final Path root;
    private final ManifestIndex index;
    private final String definition;
    private final Sink sink;
    private final boolean skip;

    /**
     * @param root       the output folder, which the records' output paths are relative to
     * @param index      the records of the run's start, or an empty index
     * @param definition {@link ManifestRecord#definition}'s digest for this filter's outputs
     * @param sink       where records of outputs made go
     * @param skip       whether an up-to-date output is skipped ({@code --incremental}), or only recorded
     */
    public Incremental(Path root, ManifestIndex index, String definition, Sink sink, boolean skip) {
        this.root = root.toAbsolutePath().normalize();
        this.index = index;
        this.definition = definition;
        this.sink = sink;
        this.skip = skip;
    }

    /** The input's size and modification time now, or null when it cannot be looked at (reading it says why). */
    public static Seen look(Path input) {
        try {
            BasicFileAttributes attributes = Files.readAttributes(input, BasicFileAttributes.class);
            return new Seen(attributes.size(), attributes.lastModifiedTime().toMillis());
        } catch (IOException e) {
            return null;
        }
    }

    /**
     * Whether {@code output} was made from {@code input} as it is now, with this definition and
     * this loomy, and is still the file then recorded: then the image needs no doing.
     */
    public boolean upToDate(Path input, Path output) {
        return upToDate(new ImageFile(input, input.getFileName()), output);
    }

    /**
     * As {@link #upToDate(Path, Path)}, for an image found by the walk: what the walk saw of the
     * input stands for a look at it, so that a skipped image costs its output's {@code lstat} only.
     */
    public boolean upToDate(ImageFile input, Path output) {
        if (!skip) {
            return false;
        }
        // The output first: where it is missing (a first run), the input need not be looked at.
        BasicFileAttributes made = attributes(output);
        return made != null
                && matches(name(input.path()), input.seen() != null ? input.seen() : look(input.path()), output, made);
    }

    /**
     * As {@link #upToDate(Path, Path)}, for an input looked at elsewhere (through Hadoop's file
     * systems, say): {@code input} as the run names it, {@code seen} null when it could not be looked at.
     */
    public boolean upToDate(String input, Seen seen, Path output) {
        if (!skip || seen == null) {
            return false;
        }
        BasicFileAttributes made = attributes(output);
        return made != null && matches(input, seen, output, made);
    }

    private boolean matches(String input, Seen seen, Path output, BasicFileAttributes made) {
        return seen != null && index.matches(record(input, seen, output, made.size()));
    }

    /** The output's attributes when it is a file (not a link to one), else null. */
    private static BasicFileAttributes attributes(Path output) {
        try {
            BasicFileAttributes made = Files.readAttributes(output, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return made.isRegularFile() ? made : null;
        } catch (IOException e) {
            return null;
        }
    }

    /** Records that {@code output}, now in place, was made from {@code input} as {@code seen} before it was read. */
    public void made(Path input, Seen seen, Path output) throws IOException {
        if (seen != null) {
            sink.add(record(name(input), seen, output, Files.size(output)));
        }
    }

    /**
     * As {@link #made(Path, Seen, Path)}, for an input and an output looked at elsewhere (a Spark
     * executor, through Hadoop's file systems): the input as the run names it, the output's size.
     */
    public void made(String input, Seen seen, Path output, long outputSize) throws IOException {
        sink.add(record(input, seen, output, outputSize));
    }

    private ManifestRecord record(String input, Seen seen, Path output, long outputSize) {
        String relative = root.relativize(output.toAbsolutePath().normalize()).toString().replace('\\', '/');
        return new ManifestRecord(relative, input, seen.size(), seen.modified(), definition, ManifestRecord.VERSION,
                outputSize);
    }

    /** How a record names an input on a path: absolute. */
    public static String name(Path input) {
        return input.toAbsolutePath().normalize().toString();
    }
}
