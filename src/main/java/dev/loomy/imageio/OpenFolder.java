package dev.loomy.imageio;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.SecureDirectoryStream;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributeView;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.Map;
import java.util.Set;

import dev.loomy.files.InputGuard;
import dev.loomy.files.Names;
import dev.loomy.files.Targets;

/**
 * A folder held open by its descriptor while {@link OneWriter} writes a file in it: what is
 * checked is what is written into, however its path changes meanwhile (a folder removed and
 * replaced by a link). The temporary file is created, written and renamed relative to the open
 * folder ({@code openat}, {@code renameat}), never through a link. Where the file system gives
 * no such handle, the same steps go by path, the check just before them.
 */
final class OpenFolder implements AutoCloseable {

    private static final Set<StandardOpenOption> NEW_FILE = EnumSet.of(StandardOpenOption.CREATE_NEW,
            StandardOpenOption.WRITE);

    private final Path path;
    private final DirectoryStream<Path> stream;
    private final SecureDirectoryStream<Path> secure;

    private OpenFolder(Path path, DirectoryStream<Path> stream) {
        this.path = path;
        this.stream = stream;
        this.secure = stream instanceof SecureDirectoryStream<Path> s ? s : null;
    }

    static OpenFolder open(Path folder) throws IOException {
        return new OpenFolder(folder, Files.newDirectoryStream(folder));
    }

    /**
     * Refuses writing here when this folder, or any folder above it, is an input folder or lies
     * in one: compared by identity (device and inode) with the folders the inputs held when the
     * run started, and climbing by {@code ..} from the open folder, not by its path.
     */
    void refuseInputs(InputGuard inputs) throws IOException {
        if (secure == null) {
            Path input = inputs.inputFolderOf(key(Files.readAttributes(path, BasicFileAttributes.class)));
            if (input != null) {
                throw new IntoInputException(path, input);
            }
            return;
        }
        Object key = key(secure.getFileAttributeView(BasicFileAttributeView.class).readAttributes());
        SecureDirectoryStream<Path> level = secure;
        try {
            for (int depth = 0; depth < 4096; depth++) {
                Path input = inputs.inputFolderOf(key);
                if (input != null) {
                    throw new IntoInputException(path, input);
                }
                SecureDirectoryStream<Path> up = level.newDirectoryStream(Path.of(".."));
                if (level != secure) {
                    level.close();
                }
                level = up;
                Object above = key(level.getFileAttributeView(BasicFileAttributeView.class).readAttributes());
                if (above.equals(key)) {
                    return; // the root: its ".." is itself
                }
                key = above;
            }
        } finally {
            if (level != secure) {
                level.close();
            }
        }
    }

    private static Object key(BasicFileAttributes attributes) {
        return attributes.fileKey();
    }

    /**
     * Writes {@code content} into a new file {@code temp} here, then renames it over {@code name}.
     * A failed write, or anything at {@code name} but a regular file of one name ({@link Targets}),
     * leave {@code name} as it was: looked at before the write and again just before the rename.
     */
    void write(Path temp, Path name, OneWriter.Content content) throws IOException {
        refuseTarget(name);
        try (SeekableByteChannel channel = secure != null
                ? secure.newByteChannel(temp, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS))
                : Files.newByteChannel(path.resolve(temp), NEW_FILE);
             Checked out = new Checked(Channels.newOutputStream(channel))) {
            content.writeTo(out);
            out.flush();
            out.rethrow();
        }
        refuseTarget(name);
        if (secure != null) {
            secure.move(temp, secure, name);
        } else {
            Files.move(path.resolve(temp), path.resolve(name), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * Refuses {@code name} unless it is absent or a regular file of one name. Its kind is read in the
     * open folder; its link count, which only a look by path gives, from the same file (same identity).
     */
    private void refuseTarget(Path name) throws IOException {
        String problem;
        if (secure == null) {
            problem = Targets.problem(path.resolve(name));
        } else {
            BasicFileAttributes here;
            try {
                here = secure.getFileAttributeView(name, BasicFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
                        .readAttributes();
            } catch (NoSuchFileException e) {
                return;
            }
            problem = here.isRegularFile() ? linksOf(name, here.fileKey())
                    : Targets.problem(path.resolve(name));
            if (problem == null && !here.isRegularFile()) {
                problem = "it is " + (here.isDirectory() ? "a folder" : here.isSymbolicLink() ? "a symbolic link" : "a special file")
                        + ", not a regular file";
            }
        }
        if (problem != null) {
            throw new IOException(problem + ": " + Targets.ONLY_REGULAR);
        }
    }

    /** Why the regular file {@code name}, of identity {@code key}, may not be replaced: null when it has one name. */
    private String linksOf(Path name, Object key) {
        try {
            Map<String, Object> unix = Files.readAttributes(path.resolve(name), "unix:nlink,fileKey", LinkOption.NOFOLLOW_LINKS);
            return key != null && key.equals(unix.get("fileKey")) ? Targets.problem(0100000, (Integer) unix.get("nlink")) : null;
        } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
            return null; // the folder's path no longer leads here, or no unix attributes: its kind was checked
        }
    }

    @Override
    public void close() throws IOException {
        stream.close();
    }

    /**
     * Keeps the first failure of a write, so that a stream between the content and this one that
     * swallows it ({@link java.io.PrintStream}, say) cannot make a full disk look like success.
     */
    private static final class Checked extends FilterOutputStream {

        private IOException failure;

        Checked(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            try {
                out.write(b);
            } catch (IOException e) {
                throw kept(e);
            }
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            try {
                out.write(b, off, len);
            } catch (IOException e) {
                throw kept(e);
            }
        }

        @Override
        public void flush() throws IOException {
            try {
                out.flush();
            } catch (IOException e) {
                throw kept(e);
            }
        }

        private IOException kept(IOException e) {
            if (failure == null) {
                failure = e;
            }
            return e;
        }

        void rethrow() throws IOException {
            if (failure != null) {
                throw failure;
            }
        }
    }
}
