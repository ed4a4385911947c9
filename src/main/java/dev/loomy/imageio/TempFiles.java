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
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.loomy.files.OutputLayout;

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
    /** The JVM property by which a measuring child JVM learns the run it belongs to (its parent's). */
    public static final String RUN_PROPERTY = "loomy.run";

    /**
     * The run this JVM's temporary files belong to, part of every temporary name: the process id
     * of the loomy the user started, which its children inherit. A sweep deletes this run's files
     * and those whose run has ended, never those of another live loomy writing into the same folder.
     */
    public static final String RUN = System.getProperty(RUN_PROPERTY, Long.toString(ProcessHandle.current().pid()));
    /** The owner's process id, in a name that {@link #nameBeside} made. */
    private static final Pattern OWNED = Pattern.compile("^\\.(?:.*\\.)?(\\d{1,18})-[0-9a-f]{1,8}" + Pattern.quote(SUFFIX) + "$",
            Pattern.DOTALL);

    private final Set<Path> open = ConcurrentHashMap.newKeySet();
    // Writes share it; the exit at once takes it alone, so that no temporary file appears after it looked.
    private final ReadWriteLock writing = new ReentrantReadWriteLock();
    private volatile boolean closed;

    /** A new hidden temporary name beside {@code target}, registered until {@link #done}. */
    public Path beside(Path target) {
        Path temp = nameBeside(target);
        open.add(temp);
        return temp;
    }

    /**
     * A new hidden temporary name beside {@code target}: {@code .NAME.PID-RANDOM.loomy-tmp}. The
     * owner's process id lets a later run tell a file left by a killed run from one that another
     * live run is writing; NAME is shortened as needed so that the whole stays within the file
     * system's limit on a name (255 bytes), however long the target's name.
     */
    public static Path nameBeside(Path target) {
        String tag = "." + RUN + "-" + Integer.toHexString(ThreadLocalRandom.current().nextInt()) + SUFFIX;
        String name = String.valueOf(target.getFileName());
        int room = OutputLayout.NAME_MAX - 1 - tag.length();
        try {
            return target.resolveSibling("." + within(name, room) + tag);
        } catch (InvalidPathException e) {
            // A name the locale's charset cannot spell (non-ASCII under LANG=C) is only a byte path: leave it out.
            return target.resolveSibling(tag);
        }
    }

    /** The longest start of {@code name} that takes at most {@code bytes} bytes in UTF-8, whole characters only. */
    static String within(String name, int bytes) {
        int used = 0;
        int end = 0;
        while (end < name.length()) {
            int c = name.codePointAt(end);
            int size = c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
            if (used + size > bytes) {
                break;
            }
            used += size;
            end += Character.charCount(c);
        }
        return name.substring(0, end);
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

    /** What goes into a file, written to its stream. */
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** As {@link #replace(Path, Content)}, with bytes already in hand. */
    public void replace(Path target, byte[] bytes) throws IOException {
        replace(target, out -> out.write(bytes));
    }

    /**
     * Writes {@code content} to a temporary file beside {@code target}, then renames it over
     * {@code target}: whoever looks sees the old file or the new one, never a part.
     */
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
     * Deletes the temporary files below {@code root} whose run is no longer running: left by a
     * run killed mid-write (with SIGKILL, by the kernel). Another live run's files, this run's,
     * and names this class did not make, are left alone. Returns how many were deleted.
     */
    public static int sweep(Path root) {
        return sweep(root, false);
    }

    /**
     * As {@link #sweep(Path)}, and also this run's own files: for when none of this run's writers
     * is left (its child JVMs stopped or dead, its own writes ended).
     */
    public static int sweepWithThisRun(Path root) {
        return sweep(root, true);
    }

    private static int sweep(Path root, boolean thisRunToo) {
        if (!Files.isDirectory(root)) {
            return 0;
        }
        int deleted = 0;
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : (Iterable<Path>) walk::iterator) {
                if (leftBehind(file, thisRunToo) && Files.deleteIfExists(file)) {
                    deleted++;
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // What could not be walked is left; a later run will sweep it.
        }
        return deleted;
    }

    /** Whether {@code name} is a temporary name that this run made (or its children, or its Spark executors). */
    public static boolean ofThisRun(String name) {
        Matcher owned = OWNED.matcher(name);
        return owned.matches() && owned.group(1).equals(RUN);
    }

    static boolean leftBehind(Path file, boolean thisRunToo) {
        Matcher owned = OWNED.matcher(String.valueOf(file.getFileName()));
        if (!owned.matches()) {
            return false;
        }
        if (owned.group(1).equals(RUN)) {
            return thisRunToo;
        }
        return ProcessHandle.of(Long.parseLong(owned.group(1))).map(p -> !p.isAlive()).orElse(true);
    }

    public int count() {
        return open.size();
    }
}
