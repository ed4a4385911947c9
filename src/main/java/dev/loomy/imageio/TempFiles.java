package dev.loomy.imageio;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Stream;

/**
 * The temporary files being written right now, so that an interrupted run can delete them.
 *
 * <p>Every output is written under a hidden temporary name in its own folder and then
 * renamed over the final name, so an output file is either complete or absent, and an
 * existing one is replaced whole.
 */
public final class TempFiles {

    /** Every temporary name ends so, and starts with a dot. */
    static final String SUFFIX = ".loomy-tmp";

    private final Set<Path> open = ConcurrentHashMap.newKeySet();
    // Writes share it; the exit at once takes it alone, so that no temporary file appears after it looked.
    private final ReadWriteLock writing = new ReentrantReadWriteLock();
    private volatile boolean closed;

    /** A new hidden temporary name beside {@code target}, registered until {@link #done}. */
    public Path beside(Path target) {
        String unique = "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + SUFFIX;
        Path temp;
        try {
            temp = target.resolveSibling("." + target.getFileName() + unique);
        } catch (InvalidPathException e) {
            // A name the locale's charset cannot spell (non-ASCII under LANG=C) is only a byte path: leave it out.
            temp = target.resolveSibling(unique);
        }
        open.add(temp);
        return temp;
    }

    /** Deletes {@code temp} if it still exists (it was not renamed) and forgets it. */
    public void done(Path temp) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException ignored) {
            // Left for deleteAll, or for the user; a temporary name is never mistaken for an image.
        } finally {
            open.remove(temp);
        }
    }

    /** What goes into a file. */
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code bytes} to a temporary file beside {@code target}, then renames it over
     * {@code target}: whoever looks sees the old file or the new one, never a part.
     */
    public void replace(Path target, byte[] bytes) throws IOException {
        replace(target, out -> out.write(bytes));
    }

    /** As {@link #replace(Path, byte[])}, with what {@code content} writes. */
    public void replace(Path target, Content content) throws IOException {
        writing.readLock().lock();
        try {
            if (closed) {
                throw new IOException("not written: loomy is stopping");
            }
            // Not Files.createTempFile: its owner-only permissions would stay on the renamed file.
            Path temp = beside(target);
            try {
                try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                    content.writeTo(out);
                }
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                done(temp);
            }
        } finally {
            writing.readLock().unlock();
        }
    }

    /** Writes one file, a report or a chart, whole or not at all, outside any run's temporary files. */
    public static void replaceOnce(Path target, Content content) throws IOException {
        new TempFiles().replace(target, content);
    }

    /** Deletes every temporary file still registered; returns how many were deleted. */
    public int deleteAll() {
        int deleted = 0;
        for (Path temp : Set.copyOf(open)) {
            try {
                if (Files.deleteIfExists(temp)) {
                    deleted++;
                }
            } catch (IOException ignored) {
                // Nothing more can be done here.
            }
            open.remove(temp);
        }
        return deleted;
    }

    /**
     * For an exit at once: refuses every further write, waits up to {@code patience} for the
     * writes under way, then deletes every temporary file; returns how many were deleted.
     */
    public int closeAndDeleteAll(Duration patience) {
        closed = true;
        boolean alone = false;
        try {
            alone = writing.writeLock().tryLock(patience.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            return deleteAll();
        } finally {
            if (alone) {
                writing.writeLock().unlock();
            }
        }
    }

    /**
     * Deletes the temporary files below {@code root} that a process killed mid-write left
     * (a child JVM stopped by its parent or by the kernel); returns how many.
     */
    public static int sweep(Path root) {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        int deleted = 0;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : (Iterable<Path>) walk::iterator) {
                String name = file.getFileName().toString();
                if (name.startsWith(".") && name.endsWith(SUFFIX) && Files.deleteIfExists(file)) {
                    deleted++;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // A folder vanished or cannot be read: what could be deleted was.
        }
        return deleted;
    }

    public int count() {
        return open.size();
    }
}
