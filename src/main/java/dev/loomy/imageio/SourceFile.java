package dev.loomy.imageio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.ReadableByteChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

import org.opencv.core.CvException;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import dev.loomy.opencv.Mats;

/**
 * An input file as the operating system sees it, with a precise reason when it is not a
 * file loomy can read. Input files are only ever opened for reading.
 */
public final class SourceFile {

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

    /** Bytes read at a time: one small array on the heap, however large the file. */
    public static final int CHUNK = 1024 * 1024;

    /**
     * The whole content of {@code file}, after the checks of {@link #size}, in native memory (one
     * column of 8-bit values) that the caller releases. Read by the kernel straight into that
     * memory, never onto the Java heap: there a large file's bytes went to the old generation,
     * which grew toward the maximum heap before anything was collected.
     */
    static Mat read(Path file) throws ImageException {
        long size = size(file);
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            return read(file, channel, size);
        } catch (IOException e) {
            throw failure(file, e);
        }
    }

    /**
     * The whole of {@code channel}, which {@code size} says how long it is (a guess: it is read to
     * its end), in native memory that the caller releases, read as {@link #read(Path)} reads a file.
     *
     * @param file the name failures give
     */
    public static Mat read(Path file, ReadableByteChannel channel, long size) throws ImageException, IOException {
        if (size > Integer.MAX_VALUE) {
            throw new ImageException(file, "too large to read: " + size + " bytes, more than OpenCV takes at once");
        }
        Mat bytes = Mats.empty();
        boolean done = false;
        try {
            if (size > 0) {
                bytes.create((int) size, 1, CvType.CV_8UC1);
            }
            int at = 0;
            while (true) {
                if (at < bytes.rows()) {
                    int n = channel.read(NativeBytes.view(bytes, at, bytes.rows() - at));
                    if (n < 0) {
                        break;
                    }
                    at += n;
                    continue;
                }
                // Full: the file may go on beyond the size it gave (/proc files say 0). One byte tells
                // for the usual file, whose end is there; a file that goes on is read a chunk at a time.
                ByteBuffer more = ByteBuffer.allocate(at == size ? 1 : MORE);
                int n = channel.read(more);
                if (n < 0) {
                    break;
                }
                if (at + (long) n > Integer.MAX_VALUE) {
                    throw new ImageException(file, "too large to read: more than " + Integer.MAX_VALUE + " bytes");
                }
                bytes = grown(bytes, at, at + n);
                bytes.put(at, 0, more.array(), 0, n);
                at += n;
            }
            Mat read = at == bytes.rows() ? bytes : cut(bytes, at);
            done = true;
            return read;
        } catch (CvException e) {
            throw new ImageException(file, "too large to read into memory (" + ImageException.oneLine(e) + ")");
        } finally {
            if (!done) {
                Mats.free(bytes);
            }
        }
    }

    /** Bytes read at a time past the size a file gave. */
    private static final int MORE = 64 * 1024;

    /** A copy of the first {@code used} bytes of {@code bytes} with room for {@code needed}, or more; {@code bytes} is released. */
    private static Mat grown(Mat bytes, int used, int needed) {
        Mat bigger = null;
        // Views hold a reference on their buffer: released here, or the old buffer lives until they are finalized.
        Mat from = null;
        Mat to = null;
        try {
            bigger = Mats.owned((int) Math.min(Integer.MAX_VALUE, Math.max(needed, 2L * bytes.rows())), 1, CvType.CV_8UC1);
            if (used > 0) {
                from = bytes.rowRange(0, used);
                to = bigger.rowRange(0, used);
                from.copyTo(to);
            }
            Mat grown = bigger;
            bigger = null;
            return grown;
        } finally {
            Mats.free(from, to, bigger, bytes);
        }
    }

    /** The first {@code length} bytes of {@code bytes}, which is released: the file shrank while it was read. */
    private static Mat cut(Mat bytes, int length) {
        Mat head = null;
        Mat copy = Mats.empty();
        try {
            if (length > 0) {
                head = bytes.rowRange(0, length);
                head.copyTo(copy);
            }
            Mat done = copy;
            copy = null;
            return done;
        } finally {
            Mats.free(head, bytes, copy);
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
