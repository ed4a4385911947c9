package dev.loomy.engine.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.LookAhead;

/**
 * The images below a folder named by a URI, one at a time, in the order of their relative paths
 * (as the walk of paths gives them): each folder is listed through its file system's iterator
 * when the walk reaches it, and only the names of the folders on the walk's way down are held,
 * never the whole list. {@code FileSystem.listFiles} would list a tree in one go, but in each file
 * system's own order (an object store's key order, HDFS depth first, a local disk unsorted), which
 * would make runs differ from one file system to another.
 *
 * <p>A folder that cannot be listed mid-walk ends the walk with an {@link UncheckedIOException}
 * that names it.
 */
final class HadoopWalk extends LookAhead<ImageFile> {

    /** A folder being walked: its entries' names, sorted, a folder's with a '/' after it. */
    private record Folder(Path path, String relative, List<String> names, int[] next) {
    }

    private final FileSystem fs;
    private final String input;
    private final Deque<Folder> folders = new ArrayDeque<>();

    HadoopWalk(FileSystem fs, Path root, String input) {
        this.fs = fs;
        this.input = input;
        enter(root, "");
    }

    @Override
    protected ImageFile find() {
        while (!folders.isEmpty()) {
            Folder folder = folders.peekLast();
            if (folder.next()[0] >= folder.names().size()) {
                folders.removeLast();
                continue;
            }
            String name = folder.names().get(folder.next()[0]++);
            if (name.endsWith("/")) {
                String bare = name.substring(0, name.length() - 1);
                enter(new Path(folder.path(), bare), folder.relative() + name);
            } else {
                return HadoopFiles.image(new Path(folder.path(), name), folder.relative() + name);
            }
        }
        return null;
    }

    /**
     * Lists {@code path}, sorted: a folder's name followed by '/' sorts as the whole relative paths
     * of what it holds would, so that the walk gives the images in the order of their relative paths.
     */
    private void enter(Path path, String relative) {
        List<String> names = new ArrayList<>();
        try {
            RemoteIterator<FileStatus> listing = fs.listStatusIterator(path);
            while (listing.hasNext()) {
                FileStatus entry = listing.next();
                String name = entry.getPath().getName();
                if (name.startsWith(".")) {
                    continue;
                }
                if (entry.isDirectory()) {
                    names.add(name + "/");
                } else if (ImageExtensions.isImage(java.nio.file.Path.of(name))) {
                    names.add(name);
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new UncheckedIOException(new IOException(input + ": " + (relative.isEmpty() ? "" : relative + " ")
                    + "cannot be read (" + HadoopFiles.reason(e) + ")", e));
        }
        names.sort(null);
        folders.addLast(new Folder(path, relative, names, new int[1]));
    }
}
