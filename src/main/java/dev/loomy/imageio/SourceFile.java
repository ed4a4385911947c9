package dev.loomy.imageio;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * An input file as the operating system sees it, with a precise reason when it is not a
 * file loomy can read. Input files are only ever opened for reading.
 */
final class SourceFile {

    private SourceFile() {
    }

    /**
     * Checks that {@code file} (its links followed) is a regular file and returns its size.
     * A named pipe, socket or device is refused before it is opened: opening a pipe blocks
     * until something writes to it, and a device such as /dev/zero never ends.
     */
    static long size(Path file) throws ImageException {
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (IOException e) {
            throw failure(file, e);
        }
        if (attributes.isDirectory()) {
            throw new ImageException(file, "is a folder, not an image file");
        }
        if (!attributes.isRegularFile()) {
            throw new ImageException(file, "not a regular file (a named pipe, socket or device): not read");
        }
        return attributes.size();
    }

    /** The whole content of {@code file}, after the checks of {@link #size}. */
    static byte[] read(Path file) throws ImageException {
        size(file);
        try {
            return Files.readAllBytes(file);
        } catch (IOException e) {
            throw failure(file, e);
        } catch (OutOfMemoryError e) {
            throw new ImageException(file, "too large to read into memory (" + e.getMessage() + ")");
        }
    }

    private static ImageException failure(Path file, IOException e) {
        if (e instanceof NoSuchFileException) {
            return new ImageException(file, Files.isSymbolicLink(file)
                    ? "a broken symbolic link (its target does not exist)"
                    : "no longer exists (removed after the folder was walked)");
        }
        if (e instanceof AccessDeniedException) {
            return new ImageException(file, "cannot be read: permission denied");
        }
        if (e instanceof FileSystemException fs && fs.getReason() != null) {
            // The JDK's own wording for ELOOP; the first half comes from strerror and may be translated.
            if (fs.getReason().endsWith("or unable to access attributes of symbolic link")) {
                return new ImageException(file, "a symbolic link loop (or a chain of links too long to follow)");
            }
            return new ImageException(file, "cannot be read: " + fs.getReason());
        }
        return new ImageException(file, "cannot be read: " + ImageException.oneLine(e));
    }
}
