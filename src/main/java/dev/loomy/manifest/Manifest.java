package dev.loomy.manifest;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.Targets;
import dev.loomy.imageio.OneWriter;

/**
 * An output folder's manifest, {@code OUTPUT/.loomy/manifest}: one JSON line per output made
 * ({@link ManifestRecord}), appended once the output is renamed into place, never rewritten.
 *
 * <p>Crash-safe by construction: each record is one {@code write} of a whole line to a file
 * opened for appending, so a process killed at any moment (SIGKILL included) leaves every record
 * but perhaps a torn last line, which readers skip (a line without its newline, or one that is
 * not a record) and the next writer closes with a newline before its first record. A record
 * follows its output's rename, so it never names an output that is not complete. The file is
 * synced to disk once, when it is closed: what a killed process wrote is in the kernel's page
 * cache and survives it; a syncing each record costs a disk flush per image (bench/manifest.sh
 * measures both) and buys nothing for the outputs, which are not synced either.
 *
 * <p>Reading is bounded: lines are read one at a time, none longer than {@link #MAX_LINE}
 * bytes ({@link ManifestLines}), into a {@link ManifestIndex} of two hashes and a number per output.
 *
 * <p>One run at a time writes into an output folder: {@link #lock} takes {@code .loomy/lock}
 * for the whole run, in the JVM the user started. The JVMs that work for it (children, Spark's
 * driver) open the manifest without it.
 */
public final class Manifest implements Closeable {

    /** The manifest's folder within the output folder, hidden, so that no walk takes it for images. */
    public static final String FOLDER = ".loomy";
    public static final String FILE = "manifest";
    static final String LOCK = "lock";
    /** The longest line read or written: two paths of 4096 bytes, escaped, and the rest. */
    public static final int MAX_LINE = 32 * 1024;

    /** The mapper, made on first use: a run that writes no JSON never pays for building it. */
    private static final class Json {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();
    }

    /** The output folders whose lock this JVM holds. */
    private static final Set<Path> HELD = ConcurrentHashMap.newKeySet();

    private final Path file;
    private final FileChannel channel;
    private boolean sealed;

    private Manifest(Path file, FileChannel channel) {
        this.file = file;
        this.channel = channel;
    }

    /**
     * Whether a run into {@code outputRoot} records its outputs: with {@code --incremental}, and
     * whenever the folder has a manifest already, so that a run without it leaves no record that
     * no longer describes the output it replaced.
     */
    public static boolean kept(Path outputRoot, boolean incremental) {
        return incremental || Files.exists(fileIn(outputRoot), LinkOption.NOFOLLOW_LINKS);
    }

    /**
     * The folder that a {@code file:} URI names on this machine, where a manifest can be kept as in a
     * folder given by its path; null for no URI or any other URI (HDFS, S3).
     */
    public static Path folderOf(String uri) {
        if (uri == null) {
            return null;
        }
        try {
            URI parsed = new URI(uri);
            return "file".equalsIgnoreCase(parsed.getScheme()) ? Path.of(parsed) : null;
        } catch (URISyntaxException | IllegalArgumentException e) {
            return null;
        }
    }

    /** The manifest's path in {@code outputRoot}. */
    public static Path fileIn(Path outputRoot) {
        return outputRoot.resolve(FOLDER).resolve(FILE);
    }

    /**
     * Takes {@code outputRoot}'s lock for a run, until it is closed (or the process ends, however).
     *
     * @throws ManifestException when another run holds it, or the folder cannot be made
     */
    public static Lock lock(Path outputRoot) throws ManifestException {
        Path path = folder(outputRoot).resolve(LOCK);
        checkState(path);
        checkState(fileIn(outputRoot));
        FileChannel channel = null;
        try {
            channel = OneWriter.lockFile(path);
            FileLock lock = channel.tryLock();
            if (lock == null) {
                throw new OverlappingFileLockException();
            }
            Path held = outputRoot.toAbsolutePath().normalize();
            HELD.add(held);
            return new Lock(channel, lock, held);
        } catch (OverlappingFileLockException e) {
            closeQuietly(channel);
            throw new ManifestException(Names.shown(outputRoot) + ": another loomy run is writing into this folder ("
                    + Names.shown(path) + " is held): wait for it to end, or choose another -o");
        } catch (IOException e) {
            closeQuietly(channel);
            throw new ManifestException(Names.shown(path) + ": cannot be locked (" + IoReasons.of(e) + ")");
        }
    }

    /**
     * Refuses a state file that is there but is no regular file of one name (a FIFO, a device, a
     * folder, a link, a hard link): found before the run, in one line, rather than waited on or
     * appended to.
     */
    private static void checkState(Path file) throws ManifestException {
        String problem = Targets.problem(file);
        if (problem != null) {
            throw new ManifestException(Names.shown(file) + ": " + problem + ": loomy keeps its records only in a regular "
                    + "file of one name; remove it, or choose another -o");
        }
    }

    /** Whether this JVM holds {@code outputRoot}'s {@link #lock}: a child JVM or Spark's driver works for the run that does. */
    public static boolean lockedHere(Path outputRoot) {
        return HELD.contains(outputRoot.toAbsolutePath().normalize());
    }

    /** Opens {@code outputRoot}'s manifest for appending, making it if need be. */
    public static Manifest open(Path outputRoot) throws ManifestException {
        Path file = folder(outputRoot).resolve(FILE);
        try {
            return new Manifest(file, OneWriter.appendTo(file));
        } catch (IOException e) {
            throw new ManifestException(Names.shown(file) + ": cannot be opened (" + IoReasons.of(e) + ")");
        }
    }

    /**
     * Every record of {@code outputRoot}'s manifest, in its order, to {@code each}; torn, foreign and
     * overlong lines skipped. No manifest: no records.
     *
     * @return how many lines were skipped
     */
    public static int read(Path outputRoot, Consumer<ManifestRecord> each) throws ManifestException {
        Path file = fileIn(outputRoot);
        try (InputStream in = Channels.newInputStream(OneWriter.readState(file))) {
            return ManifestLines.read(in, each);
        } catch (NoSuchFileException e) {
            return 0;
        } catch (IOException e) {
            throw new ManifestException(Names.shown(file) + ": cannot be read (" + IoReasons.of(e) + ")");
        }
    }

    /** The index of {@code outputRoot}'s manifest. */
    public static ManifestIndex index(Path outputRoot) throws ManifestException {
        ManifestIndex index = new ManifestIndex();
        read(outputRoot, index::put);
        return index;
    }

    /**
     * Rewrites {@code outputRoot}'s manifest with only the last record of each output, when records
     * superseded by a later one of their output are more than half of it: a nightly job over photos
     * that change would otherwise grow it by a line per changed photo every night. Done by the run
     * that holds the folder's {@link #lock}, before it appends: no one else writes the file meanwhile.
     *
     * @param index the manifest's index, read just before
     * @return whether it was rewritten
     */
    public static boolean compact(Path outputRoot, ManifestIndex index, OneWriter files) throws ManifestException {
        if (index.records() - index.size() <= index.size()) {
            return false;
        }
        Path file = fileIn(outputRoot);
        try {
            files.replace(file, out -> {
                OutputStream lines = new BufferedOutputStream(out, 1 << 16);
                int[] number = {0};
                read(outputRoot, record -> {
                    if (index.lastOf(record) == number[0]++) {
                        try {
                            lines.write(Json.MAPPER.writeValueAsBytes(record));
                            lines.write('\n');
                        } catch (IOException e) {
                            throw new UncheckedIOException(e);
                        }
                    }
                });
                lines.flush();
            });
            return true;
        } catch (UncheckedIOException e) {
            throw notCompacted(file, e.getCause());
        } catch (IOException e) {
            throw notCompacted(file, e);
        }
    }

    private static ManifestException notCompacted(Path file, IOException e) {
        return new ManifestException(Names.shown(file) + ": cannot be rewritten without its superseded records ("
                + IoReasons.of(e) + ")");
    }

    /**
     * Appends {@code record} as one line in one write.
     *
     * @return false when it was not written, its line being longer than {@link #MAX_LINE}
     */
    public synchronized boolean append(ManifestRecord record) throws IOException {
        byte[] json = Json.MAPPER.writeValueAsBytes(record);
        if (json.length + 1 > MAX_LINE) {
            return false;
        }
        ByteBuffer line = ByteBuffer.allocate(json.length + 2);
        if (!sealed) {
            // A torn last line, left by a killed run, gets its newline: the reader skips it, not this record.
            if (channel.size() > 0 && !endsWithNewline()) {
                line.put((byte) '\n');
            }
            sealed = true;
        }
        line.put(json).put((byte) '\n').flip();
        while (line.hasRemaining()) {
            channel.write(line);
        }
        return true;
    }

    /** Syncs the records to disk and closes the file. */
    @Override
    public synchronized void close() throws IOException {
        try {
            channel.force(false);
        } finally {
            channel.close();
        }
    }

    public Path file() {
        return file;
    }

    private boolean endsWithNewline() throws IOException {
        try (FileChannel read = OneWriter.readState(file)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            read.read(last, read.size() - 1);
            return last.get(0) == '\n';
        }
    }

    /** {@code outputRoot/.loomy}, made if need be; a link there is refused, never followed. */
    private static Path folder(Path outputRoot) throws ManifestException {
        Path folder = outputRoot.resolve(FOLDER);
        try {
            if (Files.isSymbolicLink(folder)) {
                throw new ManifestException(Names.shown(folder) + ": a symbolic link; loomy keeps its manifest in a folder of its own");
            }
            OneWriter.makeFolders(folder);
            return folder;
        } catch (IOException e) {
            throw new ManifestException(Names.shown(folder) + ": cannot be made (" + IoReasons.of(e) + ")");
        }
    }

    private static void closeQuietly(FileChannel channel) {
        if (channel != null) {
            try {
                channel.close();
            } catch (IOException ignored) {
                // Nothing was written through it.
            }
        }
    }

    /** An output folder's lock, held by one run. */
    public static final class Lock implements AutoCloseable {

        private final FileChannel channel;
        private final FileLock lock;
        private final Path root;

        private Lock(FileChannel channel, FileLock lock, Path root) {
            this.channel = channel;
            this.lock = lock;
            this.root = root;
        }

        @Override
        public void close() {
            HELD.remove(root);
            try {
                lock.release();
            } catch (IOException ignored) {
                // Closing the channel releases it anyway.
            }
            closeQuietly(channel);
        }
    }
}
