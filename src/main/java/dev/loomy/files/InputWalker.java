package dev.loomy.files;

import java.io.IOException;
import java.nio.file.FileSystemLoopException;
import java.nio.file.FileVisitOption;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.function.Consumer;

/**
 * Finds the images below the command's inputs.
 *
 * <p>Folders are walked recursively, following symbolic links (a link that loops back to a
 * folder above it is reported and skipped, never followed twice); hidden files and folders
 * are skipped; every other entry with an image extension in any case is taken. Within each input the images are sorted by
 * relative path, so that runs are reproducible; inputs keep the order they were given in.
 */
public final class InputWalker {

    private final Consumer<String> warnings;

    /** @param warnings receives one line per folder or link that could not be walked */
    public InputWalker(Consumer<String> warnings) {
        this.warnings = warnings;
    }

    public List<ImageFile> walk(List<Path> inputs) throws InputProblem {
        List<ImageFile> images = new ArrayList<>();
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                images.addAll(walkFolder(input));
            } else if (Files.isRegularFile(input)) {
                if (!ImageExtensions.isImage(input)) {
                    throw new InputProblem(input + ": not an image file (expected " + String.join(", ", ImageExtensions.ALL) + ")");
                }
                images.add(new ImageFile(input, input.getFileName()));
            } else if (Files.exists(input, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new InputProblem(input + ": neither a folder nor a regular file (or a broken link)");
            } else {
                throw new InputProblem(input + ": no such file or folder");
            }
        }
        return images;
    }

    private List<ImageFile> walkFolder(Path root) throws InputProblem {
        List<ImageFile> found = new ArrayList<>();
        try {
            Files.walkFileTree(root, EnumSet.of(FileVisitOption.FOLLOW_LINKS), Integer.MAX_VALUE, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    return !dir.equals(root) && isHidden(dir) ? FileVisitResult.SKIP_SUBTREE : FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
                    // A folder named like an image (photos.jpg/) is walked above, not taken. Anything else named
                    // like one is taken, broken links, link loops and pipes included: reading it reports why it
                    // is not an image, and it counts as a failed image rather than vanishing from the run.
                    if (!attrs.isDirectory() && !isHidden(file) && ImageExtensions.isImage(file)) {
                        found.add(new ImageFile(file, root.relativize(file)));
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFileFailed(Path file, IOException e) {
                    if (e instanceof FileSystemLoopException) {
                        warnings.accept(file + ": skipped, a symbolic link that loops back to a folder above it");
                    } else if (!isHidden(file)) {
                        warnings.accept(file + ": skipped, cannot be read (" + reason(e) + ")");
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new InputProblem(root + ": cannot be walked (" + reason(e) + ")");
        }
        found.sort(Comparator.comparing(f -> f.relative().toString()));
        return found;
    }

    private static boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }

    private static String reason(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName().replace("Exception", "") + (message == null ? "" : ": " + message);
    }
}
