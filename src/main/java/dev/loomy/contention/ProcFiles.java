package dev.loomy.contention;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The proc file system the readers read: {@code /proc} itself, or a folder laid out like it (for
 * tests). Every read is bounded in size, and a file that is missing, unreadable or gone between
 * listing and reading (a thread that ended) reads as {@code null}, never as an exception.
 */
public final class ProcFiles {

    private final Path root;
    private final String prefix;

    private ProcFiles(Path root) {
        this.root = root;
        this.prefix = root + File.separator;
    }

    /** The running system's {@code /proc}. */
    public static ProcFiles system() {
        return new ProcFiles(Path.of("/proc"));
    }

    /** A folder laid out as {@code /proc} is ({@code stat}, {@code self/stat}, {@code pressure/cpu} ...). */
    public static ProcFiles at(Path procRoot) {
        return new ProcFiles(procRoot);
    }

    /**
     * At most {@code limit} bytes of the file {@code relative} (to the root), or null. A proc file
     * says its size is 0: it is read until the limit, in a buffer that starts small, or until a
     * read gives less than it was asked for. The files read here are each made whole by the
     * kernel and handed out as far as the reader's buffer goes, so that a short read is their
     * end: one system call less than reading on until nothing comes, a tenth of a read's cost.
     */
    byte[] bytes(String relative, int limit) {
        // FileInputStream costs less than Files.newInputStream: 8 against 13 us a read, measured, mostly the system calls.
        try (FileInputStream in = new FileInputStream(prefix + relative)) {
            byte[] buffer = new byte[Math.min(limit, 4096)];
            int length = 0;
            while (length < limit) {
                int asked = buffer.length - length;
                int read = in.read(buffer, length, asked);
                if (read > 0) {
                    length += read;
                }
                if (read < asked) {
                    break;
                }
                if (length < limit) {
                    buffer = Arrays.copyOf(buffer, Math.min(limit, 2 * buffer.length));
                }
            }
            return Arrays.copyOf(buffer, length);
        } catch (IOException | RuntimeException e) {
            // Missing, no permission, or ESRCH from a task that exited after it was listed.
            return null;
        }
    }

    /** At most {@code limit} bytes of the file {@code relative} as text (the proc files are ASCII), or null. */
    String text(String relative, int limit) {
        byte[] bytes = bytes(relative, limit);
        return bytes == null ? null : new String(bytes, StandardCharsets.ISO_8859_1);
    }

    /** The names in the folder {@code relative}, or null where there is no such folder. */
    List<String> list(String relative) {
        List<String> names = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(root.resolve(relative))) {
            for (Path entry : entries) {
                names.add(entry.getFileName().toString());
            }
            return names;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The last name of the symbolic link {@code relative}'s target ({@code 123} for {@code 45/task/123}), or null. */
    String linkName(String relative) {
        try {
            Path target = Files.readSymbolicLink(root.resolve(relative)).getFileName();
            return target == null ? null : target.toString();
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    @Override
    public String toString() {
        return root.toString();
    }
}
