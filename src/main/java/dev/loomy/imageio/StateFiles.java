package dev.loomy.imageio;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;

import dev.loomy.files.Targets;

/**
 * loomy's own files that are opened rather than replaced (an output folder's manifest and lock):
 * only a regular file of one name, never through a link, and never waited on. Opening a FIFO to
 * write or to read waits for its other end, for ever; to read and write at once it does not (on
 * Linux), so the file is first opened so, looked at by name before and after (same identity, still
 * a regular file of one name), and only then opened as asked, through the descriptor already open
 * ({@code /proc/self/fd}), not by its name again.
 */
final class StateFiles {

    /** What a state file is opened for. */
    enum Use { APPEND, LOCK, READ }

    private static final Path DESCRIPTORS = Path.of("/proc/self/fd");

    private StateFiles() {
    }

    static FileChannel open(Path file, Use use) throws IOException {
        Object before = regular(file, use == Use.READ);
        FileChannel pin = pin(file, use);
        try {
            Object key = regular(file, true);
            if (before != null && !before.equals(key)) {
                throw new IOException("it was replaced while being opened: " + Targets.ONLY_REGULAR);
            }
            if (use != Use.APPEND) {
                return pin;
            }
            FileChannel appending = reopen(key);
            return appending != null ? appending
                    : FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException | RuntimeException e) {
            pin.close();
            throw e;
        } finally {
            if (use == Use.APPEND && pin.isOpen()) {
                pin.close();
            }
        }
    }

    /** {@code file} opened to read and write, which waits on no FIFO; one that may only be read, to read. */
    private static FileChannel pin(Path file, Use use) throws IOException {
        try {
            return use == Use.READ
                    ? FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS)
                    : FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE, StandardOpenOption.CREATE,
                            LinkOption.NOFOLLOW_LINKS);
        } catch (AccessDeniedException e) {
            if (use != Use.READ) {
                throw e;
            }
            return FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS);
        }
    }

    /**
     * The identity of {@code file}, refused unless a regular file of one name; null when it is absent
     * and {@code mustExist} is false.
     */
    private static Object regular(Path file, boolean mustExist) throws IOException {
        Map<String, Object> unix;
        try {
            unix = Files.readAttributes(file, "unix:mode,nlink,fileKey", LinkOption.NOFOLLOW_LINKS);
        } catch (NoSuchFileException e) {
            if (mustExist) {
                throw e;
            }
            return null;
        }
        String problem = Targets.problem((Integer) unix.get("mode"), (Integer) unix.get("nlink"));
        if (problem != null) {
            throw new IOException(problem + ": " + Targets.ONLY_REGULAR);
        }
        return unix.get("fileKey");
    }

    /** The regular file of identity {@code key}, which this process holds open, opened again to append; null without /proc. */
    private static FileChannel reopen(Object key) throws IOException {
        if (!Files.isDirectory(DESCRIPTORS)) {
            return null;
        }
        try (DirectoryStream<Path> open = Files.newDirectoryStream(DESCRIPTORS)) {
            for (Path descriptor : open) {
                Map<String, Object> unix;
                try {
                    unix = Files.readAttributes(descriptor, "unix:mode,fileKey");
                } catch (IOException e) {
                    continue; // closed meanwhile, or this stream's own
                }
                if (((Integer) unix.get("mode") & 0170000) == 0100000 && key.equals(unix.get("fileKey"))) {
                    return FileChannel.open(descriptor, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
                }
            }
        } catch (DirectoryIteratorException e) {
            throw e.getCause();
        }
        throw new IOException("it was replaced while being opened: " + Targets.ONLY_REGULAR);
    }
}
