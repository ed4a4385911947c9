package dev.loomy.files;

import java.nio.file.Path;

/**
 * An input image found by the walk.
 *
 * @param path     where it is, as the user named it (relative or absolute); for an image read
 *                 through a URI, its path within the URI's file system, for messages only
 * @param relative its path relative to the input folder it was found in (its file name
 *                 when it was named directly); the output keeps this path
 * @param uri      where the Spark engine reads it through Hadoop's FileSystem ({@code hdfs://nn/a.jpg}),
 *                 or null for an image on a path
 * @param seen     the file as the walk looked at it, when the walk found a regular file that is no
 *                 symbolic link, else null: a run that compares it with a record, or asks where it
 *                 really is, need not look again
 */
public record ImageFile(Path path, Path relative, String uri, Seen seen) {

    /** A file's size and modification time (milliseconds since the epoch), as looked at once. */
    public record Seen(long size, long modified) {
    }

    /** An image on a path, not looked at. */
    public ImageFile(Path path, Path relative) {
        this(path, relative, null, null);
    }

    /** An image not looked at. */
    public ImageFile(Path path, Path relative, String uri) {
        this(path, relative, uri, null);
    }
}
