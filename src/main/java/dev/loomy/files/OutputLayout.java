package dev.loomy.files;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Where each output image goes.
 *
 * <p>With one strategy and one filter: {@code DIR/<relative path>}; with several:
 * {@code DIR/<filter>/<strategy>/<relative path>}, so that runs never overwrite each other.
 */
public final class OutputLayout {

    /** The longest file name, in bytes, that Linux file systems (ext4, xfs, btrfs, tmpfs) allow. */
    public static final int NAME_MAX = 255;

    private final Path root;
    private final OutputFormat format;
    private final boolean perRun;

    /** @param perRun whether outputs go into {@code <filter>/<strategy>/} folders (several runs) */
    public OutputLayout(Path root, OutputFormat format, boolean perRun) {
        this.root = root;
        this.format = format;
        this.perRun = perRun;
    }

    public Path root() {
        return root;
    }

    public OutputFormat format() {
        return format;
    }

    /** Whether outputs go into {@code <filter>/<strategy>/} folders. */
    public boolean perRun() {
        return perRun;
    }

    public Path outputFor(ImageFile image, String filter, String strategy) {
        Path relative = format.apply(image.relative());
        return perRun ? root.resolve(filter).resolve(strategy).resolve(relative) : root.resolve(relative);
    }

    /**
     * Refuses, before any work starts, an output folder equal to or inside an input folder,
     * two inputs that would be written to the same output file, and an output onto an input.
     *
     * @param filters    the names of the filters to be run, as {@link #outputFor} takes them
     * @param strategies the names of the strategies to be run
     */
    public void check(List<Path> inputs, List<ImageFile> images, List<String> filters, List<String> strategies)
            throws InputProblem {
        check(inputs, images, filters, strategies, InputGuard.of(inputs, images));
    }

    /**
     * As above, and refuses an output that {@code guard} finds in an input folder or on an input
     * (through a link or a mount), and an output folder that cannot be made or written.
     */
    public void check(List<Path> inputs, List<ImageFile> images, List<String> filters, List<String> strategies,
            InputGuard guard) throws InputProblem {
        checkFolder(inputs, filters);
        OutputCheck each = checker(inputs, filters, strategies, guard);
        for (ImageFile image : images) {
            each.accept(image);
        }
        each.finish();
        checkWritable();
    }

    /** The check of each image's outputs, for images given one at a time by a walk. */
    public OutputCheck checker(List<Path> inputs, List<String> filters, List<String> strategies, InputGuard guard) {
        return new OutputCheck(this, inputs, filters, strategies, guard);
    }

    /**
     * Refuses, before any image is looked at, a filter name too long for the folder of its outputs,
     * and an output folder equal to or inside an input folder.
     */
    public void checkFolder(List<Path> inputs, List<String> filters) throws InputProblem {
        if (perRun) {
            // Each filter's outputs go in a folder of its name: one too long for a file system fails every image.
            for (String filter : filters) {
                int bytes = filter.getBytes(StandardCharsets.UTF_8).length;
                if (bytes > NAME_MAX) {
                    throw new InputProblem("filter " + filter.substring(0, 40) + "... has a name of " + bytes
                            + " bytes, too long for the folder of its outputs (" + NAME_MAX + " at most): shorten it");
                }
            }
        }
        Path out = canonical(root);
        for (Path input : inputs) {
            if (Files.isDirectory(input)) {
                Path in = canonical(input);
                if (out.startsWith(in)) {
                    throw new InputProblem("output folder " + Names.shown(root) + " is " + (out.equals(in) ? "the" : "inside the")
                            + " input folder " + Names.shown(input) + ": choose another with -o");
                }
            }
        }
    }

    /** Refuses an output folder that cannot be made (a file on its way) or written (no permission, read-only). */
    public void checkWritable() throws InputProblem {
        Path absolute = root.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        String problem = null;
        if (existing == null) {
            problem = "no part of it exists";
        } else if (!Files.isDirectory(existing)) {
            problem = existing.equals(absolute) ? "it is a file, not a folder" : Names.shown(existing) + " is a file, not a folder";
        } else if (!Files.isWritable(existing)) {
            problem = (existing.equals(absolute) ? "it" : Names.shown(existing)) + " is not writable";
        }
        if (problem != null) {
            throw new InputProblem("output folder " + Names.shown(root) + " cannot be written: " + problem
                    + ": choose another with -o");
        }
    }

    /**
     * Refuses a file that another option names ({@code --chart}, say) when it is one of the
     * output images, which it would replace after the run.
     *
     * @param what how the message names the file, such as "--chart=c.png"
     */
    public void checkNotAnOutput(String what, Path file, List<ImageFile> images, List<String> filters,
            List<String> strategies) throws InputProblem {
        ImageCheck check = notAnOutput(what, file, filters, strategies);
        for (ImageFile image : images) {
            check.accept(image);
        }
    }

    /** A check of one image, as a walk gives it. */
    public interface ImageCheck {
        void accept(ImageFile image) throws InputProblem;
    }

    /** As {@link #checkNotAnOutput}, image by image. */
    public ImageCheck notAnOutput(String what, Path file, List<String> filters, List<String> strategies) {
        // Compared below the output folder, where every output's path is the layout's alone: both as
        // written and with links resolved, so that a link in either path does not hide the clash.
        Set<Path> below = new HashSet<>();
        addImagePart(below, canonical(file), canonical(root), filters, strategies);
        addImagePart(below, file.toAbsolutePath().normalize(), root.toAbsolutePath().normalize(), filters, strategies);
        return below.isEmpty() ? image -> { } : image -> {
            if (below.contains(format.apply(image.relative()).normalize())) {
                throw new InputProblem(what + ": is where the output of " + Names.shown(image.path())
                        + " goes, which it would replace: choose another path");
            }
        };
    }

    /**
     * Adds to {@code parts} the path {@code target} has below the output folder {@code out},
     * without the run's folders: where an output image of that path would go. Nothing when it
     * lies outside, or in no run's folder.
     */
    private void addImagePart(Set<Path> parts, Path target, Path out, List<String> filters, List<String> strategies) {
        if (!target.startsWith(out) || target.equals(out)) {
            return;
        }
        Path relative = out.relativize(target);
        if (!perRun) {
            parts.add(relative);
        } else if (relative.getNameCount() > 2 && filters.contains(relative.getName(0).toString())
                && strategies.contains(relative.getName(1).toString())) {
            parts.add(relative.subpath(2, relative.getNameCount()));
        }
    }

    /**
     * The outermost folder on {@code folder}'s path that does not exist yet, the first that
     * a run makes; null when {@code folder} exists (or is a link, even a broken one).
     */
    public static Path firstMissing(Path folder) {
        Path missing = null;
        for (Path p = folder.toAbsolutePath().normalize(); p != null && !Files.exists(p, LinkOption.NOFOLLOW_LINKS);
                p = p.getParent()) {
            missing = p;
        }
        return missing;
    }

    /**
     * Deletes {@code folder} when it is empty, then each parent up to {@code made} that is empty
     * in turn: a run that wrote nothing leaves no folder it made. Only empty folders go, one at a
     * time, so that another run writing into the same folder loses nothing, not even a folder it
     * has just made.
     */
    public static void deleteIfEmpty(Path folder, Path made) {
        for (Path p = folder.toAbsolutePath().normalize(); p != null && p.startsWith(made); p = p.getParent()) {
            try {
                Files.delete(p);
            } catch (IOException e) {
                // Not empty (or gone, or not ours to delete): what is left stays, as it is.
                return;
            }
        }
    }

    /** The absolute, link-resolved form of {@code path}, for the part of it that exists. */
    static Path canonical(Path path) {
        Path absolute = path.toAbsolutePath().normalize();
        Path existing = absolute;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return absolute;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(absolute));
        } catch (IOException e) {
            return absolute;
        }
    }
}
