package dev.loomy.files;

import java.io.IOException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Refuses, before any work, a path that loomy would write into an input folder or onto an
 * input image, whatever lies between: symbolic links, bind mounts, {@code ..}.
 *
 * <p>Folders and images are compared by file identity (device and inode), not by path: a
 * bind mount shows the same folder under another real path, which no path comparison sees.
 */
public final class InputGuard {

    /** Identity of every input folder and every folder below one, to the input folder it is or lies in. */
    private final Map<Object, Path> folders = new HashMap<>();
    /**
     * Identity of the input images given to it, to the image as the user named it. An image found
     * in an input folder need not be among them: a file found in an input folder is found by its folder.
     */
    private final Map<Object, Path> images = new HashMap<>();
    private final Function<Path, Object> identity;
    /** Folders already found clear, so that thousands of outputs in one folder cost one look. */
    private final Set<Path> clear = new HashSet<>();
    private final List<Path> inputs;
    private final List<ImageFile> imageFiles;
    private boolean walked;

    public static InputGuard of(List<Path> inputs, List<ImageFile> images) {
        return new InputGuard(inputs, images, InputGuard::fileKey);
    }

    /**
     * The guard of {@code inputs}, whatever the number of images below them: it keeps the identity of
     * every input folder and of the images given as files, not of every image found in a folder.
     */
    public static InputGuard of(List<Path> inputs) {
        return of(inputs, inputs.stream().filter(Files::isRegularFile)
                .map(file -> new ImageFile(file, file.getFileName())).toList());
    }

    /** A guard with no inputs to keep out of: for a command that reads none ({@code samples}), or loomy's own cache. */
    public static InputGuard none() {
        return new InputGuard(List.of(), List.of(), InputGuard::fileKey);
    }

    /**
     * @param identity a file's identity, or null when it cannot be had (tests give their own); the
     *                 inputs are walked on first use, so that a JVM that writes nothing walks nothing
     */
    InputGuard(List<Path> inputs, List<ImageFile> images, Function<Path, Object> identity) {
        this.identity = identity;
        this.inputs = List.copyOf(inputs);
        this.imageFiles = List.copyOf(images);
    }

    private synchronized void walk() {
        if (walked) {
            return;
        }
        walked = true;
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                addFolders(input);
            }
        }
        for (ImageFile image : imageFiles) {
            Object key = identity.apply(image.path());
            if (key != null) {
                this.images.putIfAbsent(key, image.path());
            }
        }
    }

    /**
     * The input folder that the folder of identity {@code folderKey} (a file key, as
     * {@link java.nio.file.attribute.BasicFileAttributes#fileKey} gives) is or lies in; null when none.
     * For the check at the point of writing, on a folder the writer holds open.
     */
    public synchronized Path inputFolderOf(Object folderKey) {
        walk();
        return folderKey == null ? null : folders.get(folderKey);
    }

    private void addFolders(Path input) {
        try {
            Files.walkFileTree(input, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    Object key = identity.apply(dir);
                    if (key != null) {
                        folders.putIfAbsent(key, input);
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    // The walker reports what it cannot read; what cannot be read cannot be written either.
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // As above: the folders seen so far are guarded.
        }
    }

    /**
     * Refuses writing {@code target}: when it is an input image, or when it or a folder on
     * the way to it is, or lies in, an input folder.
     *
     * @param what how the message names the target, such as "--chart=c.png" or "output a/b.jpg"
     */
    public void check(String what, Path target) throws InputProblem {
        check(() -> what, target);
    }

    /** As {@link #check(String, Path)}, the name made only for a message: a run checks an output per image. */
    public synchronized void check(Supplier<String> what, Path target) throws InputProblem {
        walk();
        Path absolute = target.toAbsolutePath().normalize();
        checkFolders(what, absolute.getParent());
        Path image = inputImage(absolute);
        if (image != null) {
            throw new InputProblem(what.get() + ": is the input image " + Names.shown(image)
                    + (Files.isSymbolicLink(absolute) ? " (through the link " + Names.shown(target) + ")" : "")
                    + ": choose another path");
        }
    }

    /**
     * The input image that {@code target}, whose folders are none of the inputs', is; null when none.
     * A file that is no link is one only as an image given by name (a hard link to it): for the
     * outputs of a re-run, all there already, one look at each.
     */
    private Path inputImage(Path target) {
        BasicFileAttributes seen;
        try {
            seen = Files.readAttributes(target, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
        if (!seen.isSymbolicLink()) {
            return images.isEmpty() ? null : images.get(identity.apply(target));
        }
        Object key = identity.apply(target);
        return key == null ? null : images.containsKey(key) ? images.get(key) : inFolder(target);
    }

    /**
     * The input image that {@code file}, which exists, is (through a link, say) when its real folder is an
     * input folder or lies in one, named as the user would find it; null when it is in none.
     */
    private Path inFolder(Path file) {
        Path real;
        try {
            real = file.toRealPath();
        } catch (IOException e) {
            return null;
        }
        Object folderKey = real.getParent() == null ? null : identity.apply(real.getParent());
        Path input = folderKey == null ? null : folders.get(folderKey);
        if (input == null || !ImageExtensions.isImage(real)) {
            return null;
        }
        Path within = canonical(input);
        return real.startsWith(within) ? input.resolve(within.relativize(real)) : real;
    }

    private void checkFolders(Supplier<String> what, Path parent) throws InputProblem {
        if (parent == null || clear.contains(parent)) {
            return;
        }
        // Outermost first, so that the message names the link or mount point, not a folder below it.
        Path prefix = parent.getRoot();
        for (Path name : parent) {
            prefix = prefix.resolve(name);
            if (clear.contains(prefix)) {
                continue;
            }
            Object folderKey = Files.isDirectory(prefix) ? identity.apply(prefix) : null;
            Path input = folderKey == null ? null : folders.get(folderKey);
            if (input != null) {
                String through = Files.isSymbolicLink(prefix) ? ", through the symbolic link " + Names.shown(prefix)
                        : prefix.equals(canonical(input)) || prefix.startsWith(canonical(input)) ? ""
                        : ", through " + Names.shown(prefix) + " (a mount of it, or a link above)";
                throw new InputProblem(what.get() + ": would be written into the input folder " + Names.shown(input) + through
                        + ", where the next run would take it for an input: choose another path");
            }
            if (!Files.exists(prefix)) {
                break;
            }
            clear.add(prefix);
        }
    }

    private static Path canonical(Path path) {
        return OutputLayout.canonical(path);
    }

    /** Device and inode where the file system has them, else the real path; null for a file that cannot be seen. */
    static Object fileKey(Path path) {
        try {
            Object key = Files.readAttributes(path, BasicFileAttributes.class).fileKey();
            return key != null ? key : path.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }
}
