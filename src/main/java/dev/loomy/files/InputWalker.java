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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    private final Consumer<String> problems;
    private final Consumer<String> notes;
    private int unreadable;

    /**
     * @param problems receives one line per folder or link that could not be walked
     * @param notes    receives one line per input that repeats images an earlier one gave
     */
    public InputWalker(Consumer<String> problems, Consumer<String> notes) {
        this.problems = problems;
        this.notes = notes;
    }

    /** How many folders the last walk could not read: each was reported, and the run cannot be complete. */
    public int unreadable() {
        return unreadable;
    }

    /**
     * The images below {@code inputs}. An image that an earlier input already gave (the same
     * input twice, a file inside a folder also given, nested folders) is taken once, with a
     * note; within one folder, links to an image beside it are taken as the user made them.
     */
    public List<ImageFile> walk(List<Path> inputs) throws InputProblem {
        List<ImageFile> images = new ArrayList<>();
        Map<Object, Path> givenBy = new HashMap<>();
        unreadable = 0;
        for (Path input : inputs) {
            List<ImageFile> found;
            if (Files.isDirectory(input)) {
                found = walkFolder(input);
            } else if (Files.isRegularFile(input)) {
                if (!ImageExtensions.isImage(input)) {
                    throw new InputProblem(Names.shown(input) + ": not an image file (expected "
                            + String.join(", ", ImageExtensions.ALL) + ")");
                }
                found = List.of(new ImageFile(input, input.getFileName()));
            } else if (Files.exists(input, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                throw new InputProblem(Names.shown(input) + ": neither a folder nor a regular file (or a broken link)");
            } else {
                throw new InputProblem(Names.shown(input) + ": no such file or folder");
            }
            images.addAll(once(input, found, givenBy));
        }
        return images;
    }

    /** {@code found} less what an earlier input gave, said in one note naming that input. */
    private List<ImageFile> once(Path input, List<ImageFile> found, Map<Object, Path> givenBy) {
        List<ImageFile> kept = new ArrayList<>(found.size());
        Map<Object, Path> mine = new HashMap<>();
        Path earlier = null;
        int repeated = 0;
        for (ImageFile image : found) {
            Object key = InputGuard.fileKey(image.path());
            Path first = key == null ? null : givenBy.get(key);
            if (first != null) {
                earlier = earlier == null ? first : earlier;
                repeated++;
            } else {
                kept.add(image);
                if (key != null) {
                    mine.putIfAbsent(key, input);
                }
            }
        }
        givenBy.putAll(mine);
        if (repeated > 0) {
            notes.accept(Names.shown(input) + ": " + (repeated == 1 ? "an image" : repeated + " images")
                    + " already given by " + Names.shown(earlier) + ", processed once");
        }
        return kept;
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
                        problems.accept(Names.shown(file)
                                + ": skipped, a symbolic link that loops back to a folder above it");
                    } else if (!isHidden(file)) {
                        unreadable++;
                        problems.accept(Names.shown(file) + ": skipped, cannot be read (" + IoReasons.of(e) + ")");
                    }
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) {
                    // A folder that opened but failed part way through its listing.
                    if (e != null) {
                        unreadable++;
                        problems.accept(Names.shown(dir) + ": not read to the end (" + IoReasons.of(e) + ")");
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new InputProblem(Names.shown(root) + ": cannot be walked (" + IoReasons.of(e) + ")");
        }
        found.sort(Comparator.comparing(f -> f.relative().toString()));
        return found;
    }

    private static boolean isHidden(Path path) {
        Path name = path.getFileName();
        return name != null && name.toString().startsWith(".");
    }
}
