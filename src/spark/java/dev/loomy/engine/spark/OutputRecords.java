package dev.loomy.engine.spark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.FileStatus;

import dev.loomy.files.ImageFile;
import dev.loomy.manifest.Incremental;
import dev.loomy.manifest.ManifestIndex;
import dev.loomy.manifest.ManifestRecord;

/**
 * The manifest's records of one task's outputs, made on its executor: each input looked at
 * before the task reads it (a change after that makes the record differ, and the next run redo
 * the image), and a record of each output once it is in place, which the driver appends.
 * Locations are as the driver sends them: absolute paths, or URIs read through Hadoop.
 */
final class OutputRecords {

    private final Incremental incremental;
    private final HadoopFiles files;
    private final Map<Integer, ImageFile.Seen> seen = new HashMap<>();
    private final List<ManifestRecord> records = new ArrayList<>();

    OutputRecords(Work work, HadoopFiles files) {
        this.files = files;
        this.incremental = work.manifestRoot() == null ? null : new Incremental(Path.of(work.manifestRoot()),
                new ManifestIndex(), work.definition(), records::add, false);
    }

    /**
     * Looks now, before the task reads it, at the input at {@code input} of the image at {@code index},
     * whose output is recorded.
     */
    void look(int index, String input) {
        if (incremental != null) {
            ImageFile.Seen now = look(input, files);
            if (now != null) {
                seen.put(index, now);
            }
        }
    }

    /**
     * Records the output at {@code output}, which the task has put in place, of the image at
     * {@code index} read from {@code input}; one that cannot be looked at goes unrecorded.
     */
    void made(int index, String input, String output) {
        ImageFile.Seen before = seen.get(index);
        if (before == null) {
            return;
        }
        try {
            long size = HadoopFiles.isUri(output) ? status(output, files).getLen() : Files.size(Path.of(output));
            incremental.made(name(input), before, Path.of(pathOf(output)), size);
        } catch (IOException e) {
            // Not recorded: the next --incremental run does the image again.
        }
    }

    List<ManifestRecord> records() {
        return List.copyOf(records);
    }

    /** The input at {@code location} as a record sees it (size, modification time), or null when it cannot be looked at. */
    static ImageFile.Seen look(String location, HadoopFiles files) {
        if (!HadoopFiles.isUri(location)) {
            return Incremental.look(Path.of(location));
        }
        try {
            FileStatus status = status(location, files);
            return new ImageFile.Seen(status.getLen(), status.getModificationTime());
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** How a record names the input at {@code location}: its URI, or its absolute path. */
    static String name(String location) {
        return HadoopFiles.isUri(location) ? location : Incremental.name(Path.of(location));
    }

    /** The path part of a location: records name outputs by their path relative to the output folder's. */
    static String pathOf(String location) {
        return HadoopFiles.isUri(location) ? new org.apache.hadoop.fs.Path(location).toUri().getPath() : location;
    }

    private static FileStatus status(String uri, HadoopFiles files) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(uri);
        return files.fileSystem(path).getFileStatus(path);
    }
}
