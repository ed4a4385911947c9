package dev.loomy.pipeline;

import java.io.IOException;
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

/**
 * The temporary files being written right now, so that an interrupted run can delete them.
 *
 * <p>Every output is written under a hidden temporary name in its own folder and then
 * renamed over the final name, so an output file is either complete or absent, and an
 * existing one is replaced whole.
 */
public final class TempFiles {

    private final Set<Path> open = ConcurrentHashMap.newKeySet();
    // Writes share it; the exit at once takes it alone, so that no temporary file appears after it looked.
    private final ReadWriteLock writing = new ReentrantReadWriteLock();
    private volatile boolean closed;

    /** A new hidden temporary name beside {@code target}, registered until {@link #done}. */
    public Path beside(Path target) {
        String unique = "." + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".loomy-tmp";
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

    /**
     * Writes {@code bytes} to a temporary file beside {@code target}, then renames it over
     * {@code target}: whoever looks sees the old file or the new one, never a part.
     */
    public void replace(Path target, byte[] bytes) throws IOException {
        writing.readLock().lock();
        try {
            if (closed) {
                throw new IOException("not written: loomy is stopping");
            }
            Path temp = beside(target);
            try {
                Files.write(temp, bytes, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } finally {
                done(temp);
            }
        } finally {
            writing.readLock().unlock();
        }
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

    public int count() {
        return open.size();
    }
}
