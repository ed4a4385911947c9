package dev.loomy.files;

import java.io.IOException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The images below a run's inputs, found one at a time: each folder is listed and sorted when the
 * walk reaches it, so that the walk holds the folders on its way down and never the whole list of
 * images. Every walk of the same files gives the same images in the same order (by relative path
 * within each input, the inputs in the order given), so that a JVM that walks them again (a child
 * that measures a trial, a later run) sees what the first walk saw.
 *
 * <p>Folders are walked following symbolic links (one that loops back to a folder above it is
 * reported and skipped); hidden files and folders are skipped; every other entry with an image
 * extension in any case is taken, broken links and pipes included, so that reading them reports
 * why they are not images. An image that an earlier input already gave is taken once: to know
 * that, a walk of several inputs keeps the identity of the images of all but the last.
 */
public final class ImageWalk extends LookAhead<ImageFile> {

    /** A folder being walked: its entries, sorted, and how far the walk has come. */
    private record Folder(Path path, Path relative, Object key, List<Entry> entries, int[] next) {
    }

    /**
     * An entry of a folder that the walk takes or enters, by its name as a path: a name that is not
     * valid in the locale's charset keeps its bytes so, where its text would not.
     */
    private record Entry(Path name, boolean folder, Object key, ImageFile.Seen seen) {

        /** Sorting by name with a folder's name followed by '/' sorts as the entries' whole relative paths would. */
        String sortKey() {
            return folder ? name + "/" : name.toString();
        }
    }

    private final List<Path> inputs;
    private final Consumer<String> problems;
    private final Consumer<String> notes;
    /** With several inputs, which input gave each image (by identity), all but the last input's. */
    private final Map<Object, Integer> givenBy;
    private final Deque<Folder> folders = new ArrayDeque<>();
    private int input = -1;
    private int unreadable;
    private int repeated;
    private int repeatedFrom;

    /**
     * @param problems receives one line per folder or link that could not be walked
     * @param notes    receives one line per input that repeats images an earlier one gave
     * @throws InputProblem when an input is missing, or neither a folder nor an image file
     */
    public ImageWalk(List<Path> inputs, Consumer<String> problems, Consumer<String> notes) throws InputProblem {
        for (Path input : inputs) {
            if (!Files.isDirectory(input)) {
                if (Files.isRegularFile(input)) {
                    if (!ImageExtensions.isImage(input)) {
                        throw new InputProblem(Names.shown(input) + ": not an image file (expected "
                                + String.join(", ", ImageExtensions.ALL) + ")");
                    }
                } else if (Files.exists(input, LinkOption.NOFOLLOW_LINKS)) {
                    throw new InputProblem(Names.shown(input) + ": neither a folder nor a regular file (or a broken link)");
                } else {
                    throw new InputProblem(Names.shown(input) + ": no such file or folder");
                }
            }
        }
        this.inputs = List.copyOf(inputs);
        this.problems = problems;
        this.notes = notes;
        this.givenBy = inputs.size() > 1 ? new HashMap<>() : null;
    }

    /** A walk that says nothing: the inputs were walked, and their problems said, when the run was planned. */
    public static ImageWalk quiet(List<Path> inputs) {
        try {
            return new ImageWalk(inputs.stream().filter(p -> Files.exists(p)).toList(), problem -> { }, note -> { });
        } catch (InputProblem e) {
            // An input replaced since by something that is no image: the walk gives nothing of it.
            return new ImageWalk(List.of());
        }
    }

    private ImageWalk(List<Path> none) {
        this.inputs = none;
        this.problems = problem -> { };
        this.notes = note -> { };
        this.givenBy = null;
    }

    /** How many folders this walk could not read so far: each was reported, and the run cannot be complete. */
    public int unreadable() {
        return unreadable;
    }

    @Override
    protected ImageFile find() {
        while (true) {
            Folder folder = folders.peekLast();
            if (folder == null) {
                sayRepeated();
                if (++input >= inputs.size()) {
                    return null;
                }
                Path path = inputs.get(input);
                if (Files.isDirectory(path)) {
                    enter(path, null, key(path, attributes(path)));
                } else if (once(givenBy == null ? null : key(path, attributes(path)))) {
                    return new ImageFile(path, path.getFileName());
                }
                continue;
            }
            if (folder.next()[0] >= folder.entries().size()) {
                folders.removeLast();
                continue;
            }
            Entry entry = folder.entries().get(folder.next()[0]++);
            Path path = folder.path().resolve(entry.name());
            Path relative = folder.relative() == null ? entry.name() : folder.relative().resolve(entry.name());
            if (entry.folder()) {
                enter(path, relative, entry.key());
            } else if (once(entry.key())) {
                return new ImageFile(path, relative, null, entry.seen());
            }
        }
    }

    /**
     * Whether an image of this identity was given by no earlier input (always, for a walk of one
     * input; within one folder, links to an image beside it are taken as the user made them).
     */
    private boolean once(Object key) {
        if (givenBy == null || key == null) {
            return true;
        }
        Integer first = givenBy.get(key);
        if (first != null && first < input) {
            repeatedFrom = repeated++ == 0 ? first : repeatedFrom;
            return false;
        }
        if (first == null && input < inputs.size() - 1) {
            givenBy.put(key, input);
        }
        return true;
    }

    /** Says, once an input is walked, how many of its images an earlier input gave. */
    private void sayRepeated() {
        if (repeated > 0) {
            notes.accept(Names.shown(inputs.get(input)) + ": " + (repeated == 1 ? "an image" : repeated + " images")
                    + " already given by " + Names.shown(inputs.get(repeatedFrom)) + ", processed once");
        }
        repeated = 0;
    }

    private void enter(Path path, Path relative, Object key) {
        for (Folder above : folders) {
            if (key != null && key.equals(above.key())) {
                problems.accept(Names.shown(path) + ": skipped, a symbolic link that loops back to a folder above it");
                return;
            }
        }
        List<Entry> entries = new ArrayList<>();
        try (DirectoryStream<Path> listing = Files.newDirectoryStream(path)) {
            for (Path entry : listing) {
                Path name = entry.getFileName();
                if (name.toString().startsWith(".")) {
                    continue;
                }
                Looked looked = look(entry);
                BasicFileAttributes attributes = looked == null ? null : looked.attributes();
                boolean folder = attributes != null && attributes.isDirectory();
                // A folder named like an image (photos.jpg/) is walked, not taken. Anything else named like
                // one is taken, broken links and pipes included: reading it reports why it is not an image.
                if (folder || ImageExtensions.isImage(entry)) {
                    entries.add(new Entry(name, folder, folder || givenBy != null ? key(entry, attributes) : null,
                            seen(looked)));
                }
            }
        } catch (DirectoryIteratorException e) {
            // A folder that opened but failed part way through its listing: what was listed is walked.
            unreadable++;
            problems.accept(Names.shown(path) + ": not read to the end (" + IoReasons.of(e.getCause()) + ")");
        } catch (IOException e) {
            unreadable++;
            problems.accept(Names.shown(path) + ": skipped, cannot be read (" + IoReasons.of(e) + ")");
            return;
        }
        entries.sort(Comparator.comparing(Entry::sortKey));
        folders.addLast(new Folder(path, relative, key, entries, new int[1]));
    }

    /** An entry's attributes, following a link; a link that leads nowhere, its own; null when neither can be read. */
    private static BasicFileAttributes attributes(Path path) {
        Looked looked = look(path);
        return looked == null ? null : looked.attributes();
    }

    /** What one look at an entry gives: its attributes (as {@link #attributes}), and whether it is a symbolic link. */
    private record Looked(BasicFileAttributes attributes, boolean link) {
    }

    /** The entry's own attributes first: a file that is no link (nearly all) costs one {@code lstat}. */
    private static Looked look(Path path) {
        BasicFileAttributes own;
        try {
            own = Files.readAttributes(path, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            return null;
        }
        if (!own.isSymbolicLink()) {
            return new Looked(own, false);
        }
        try {
            return new Looked(Files.readAttributes(path, BasicFileAttributes.class), true);
        } catch (IOException e) {
            return new Looked(own, true);
        }
    }

    /**
     * What the walk saw of a regular file that is no symbolic link, so that a run comparing it with its
     * record, or asking where it really is, need not look again; else null.
     */
    private static ImageFile.Seen seen(Looked looked) {
        return looked != null && !looked.link() && looked.attributes().isRegularFile()
                ? new ImageFile.Seen(looked.attributes().size(), looked.attributes().lastModifiedTime().toMillis()) : null;
    }

    /** A file's identity: device and inode where the file system has them, else its real path. */
    private static Object key(Path path, BasicFileAttributes attributes) {
        if (attributes != null && attributes.fileKey() != null) {
            return attributes.fileKey();
        }
        try {
            return path.toRealPath();
        } catch (IOException e) {
            return null;
        }
    }
}
