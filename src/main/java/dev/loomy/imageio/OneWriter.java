package dev.loomy.imageio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
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

import dev.loomy.files.InputGuard;
import dev.loomy.files.OutputLayout;

/**
 * The one writer of every file loomy writes (images, reports, charts, baselines, recordings,
 * gallery pages), and the temporary files being written right now, so that an interrupted run
 * can delete them.
 *
 * <p>Every file is written under a hidden temporary name in its own folder and then renamed over
 * the final name, so an output file is either complete or absent, and an existing one is replaced
 * whole. The folder is held open from the check to the rename ({@link OpenFolder}): at the point
 * of writing, it and every folder above it are compared with the inputs by file identity, so that
 * a folder swapped for a link into an input during a run is refused, not written into. The final
 * name is never written through: a symbolic link there is refused. Every byte written is checked
 * (a full disk fails the file, whatever stream the content was rendered through), and a file that
 * failed is not renamed into place: the old one stays.
 */
public final class OneWriter {

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
    private final InputGuard inputs;
    private volatile boolean closed;

    /** @param inputs what no file may be written into: the run's inputs, checked again at every write */
    public OneWriter(InputGuard inputs) {
        this.inputs = inputs;
    }

    /**
     * A writer for files that no input can be near: a command that reads no input ({@code samples}),
     * loomy's own cache.
     */
    public static OneWriter noInputs() {
        return new OneWriter(InputGuard.none());
    }

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
        // A name that is not text (bytes that are not UTF-8) is left out: its shown form is not its name.
        if (name.indexOf('\uFFFD') >= 0) {
            return target.resolveSibling(tag);
        }
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
     * {@code target}: whoever looks sees the old file or the new one, never a part. The folders on
     * the way are made when missing.
     *
     * @throws IOException when a write fails (the old file stays), when {@code target} is a symbolic
     *                     link, or when its folder is, or lies in, an input folder ({@link IntoInputException})
     */
    public void replace(Path target, Content content) throws IOException {
        writing.readLock().lock();
        try {
            if (closed) {
                throw new IOException("not written: loomy is stopping");
            }
            Path absolute = target.toAbsolutePath();
            Path folder = absolute.getParent();
            if (!Files.isDirectory(folder)) {
                Files.createDirectories(folder);
            }
            // Not Files.createTempFile: its owner-only permissions would stay on the renamed file.
            Path temp = beside(absolute);
            try (OpenFolder held = OpenFolder.open(folder)) {
                held.refuseInputs(inputs);
                held.write(temp.getFileName(), absolute.getFileName(), content);
            } finally {
                done(temp);
            }
        } finally {
            writing.readLock().unlock();
        }
    }

    /** Makes {@code folder}, and the folders above it that are missing, to write files into. */
    public static void makeFolders(Path folder) throws IOException {
        Files.createDirectories(folder);
    }

    /**
     * Opens {@code file} to append to, made if need be, never through a link: for a log that grows
     * a line at a time (the output folder's manifest), which a rename cannot replace; a torn last
     * line is its reader's to skip. Only a regular file of one name is opened ({@link StateFiles}).
     */
    public static FileChannel appendTo(Path file) throws IOException {
        return StateFiles.open(file, StateFiles.Use.APPEND);
    }

    /** Opens {@code file}, made empty if need be and never through a link, to hold a lock on; as {@link #appendTo}. */
    public static FileChannel lockFile(Path file) throws IOException {
        return StateFiles.open(file, StateFiles.Use.LOCK);
    }

    /** Opens loomy's own {@code file} to read, as {@link #appendTo} opens it: no link, no FIFO waited on. */
    public static FileChannel readState(Path file) throws IOException {
        return StateFiles.open(file, StateFiles.Use.READ);
    }

    /**
     * Creates and deletes a file in {@code folder}: whether it takes new files, which a look at its
     * permissions misses (a read-only mount, a file system such as /proc). Its name comes from the
     * process id and a non-secure random number, not Files.createTempFile's, whose SecureRandom and
     * security providers cost a plain run tens of milliseconds of start-up.
     */
    public static void probe(Path folder) throws IOException {
        Path probe = folder.resolve(".loomy-probe-" + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + ".tmp");
        Files.newByteChannel(probe, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                LinkOption.NOFOLLOW_LINKS).close();
        Files.delete(probe);
    }

    /**
     * Sets a kernel setting of this process under {@code /proc/self} (not a file loomy makes, so
     * not written by name and rename): refuses any other path.
     */
    public static void setKernelSetting(Path setting, String value) throws IOException {
        if (!setting.startsWith(Path.of("/proc/self"))) {
            throw new IOException(setting + ": not a setting of this process under /proc/self");
        }
        Files.writeString(setting, value);
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
        return Files.isDirectory(root) ? sweepFolder(root, thisRunToo) : 0;
    }

    /**
     * Sweeps {@code folder} and the folders below it, links not followed. Only names are read in a
     * folder that has no folder below it (its link count is 2, as find's leaf optimisation has it):
     * a re-run's output folders hold thousands of outputs each, and looking at each cost a stat.
     */
    private static int sweepFolder(Path folder, boolean thisRunToo) {
        boolean leaf = linkCount(folder) == 2;
        int deleted = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(folder)) {
            for (Path entry : entries) {
                if (leftBehind(entry, thisRunToo)) {
                    deleted += Files.deleteIfExists(entry) ? 1 : 0;
                } else if (!leaf && Files.isDirectory(entry, LinkOption.NOFOLLOW_LINKS)) {
                    deleted += sweepFolder(entry, thisRunToo);
                }
            }
        } catch (IOException | DirectoryIteratorException e) {
            // What could not be walked is left; a later run will sweep it.
        }
        return deleted;
    }

    /** A folder's link count: 2 plus its subfolders where the file system keeps it so; 0 when unknown. */
    private static int linkCount(Path folder) {
        try {
            return Files.getAttribute(folder, "unix:nlink", LinkOption.NOFOLLOW_LINKS) instanceof Integer count ? count : 0;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return 0;
        }
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
