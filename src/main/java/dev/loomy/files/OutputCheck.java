package dev.loomy.files;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks the outputs of each image as the walk of the inputs gives it, before any work: two
 * images written to one output (listed together at the end), an image overwritten by its own
 * output, an output that {@link InputGuard} finds among the inputs. What it keeps does not grow
 * with the number of images: two images of one input can only clash in one folder (when
 * {@code --image-format} gives {@code a.jpg} and {@code a.png} one name), so it keeps the output
 * names of the folders the walk is in, which it walks depth first; only a run of several inputs,
 * whose images may clash across them, keeps every output's name.
 */
public final class OutputCheck {

    private final OutputLayout layout;
    private final List<String> filters;
    private final List<String> strategies;
    private final InputGuard guard;
    private final Path out;
    /** Every output's relative path, for a run of several inputs; else null. */
    private final Map<Path, ImageFile> everyOutput;
    /** The names in each folder the walk is in, outermost first, when names can clash within one. */
    private final Deque<Map.Entry<Path, Map<Path, ImageFile>>> open = new ArrayDeque<>();
    private final List<String> clashes = new ArrayList<>();
    private Path lastParent;
    private Path lastCanonicalParent;

    OutputCheck(OutputLayout layout, List<Path> inputs, List<String> filters, List<String> strategies,
                InputGuard guard) {
        this.layout = layout;
        this.filters = filters;
        this.strategies = strategies;
        this.guard = guard;
        this.out = OutputLayout.canonical(layout.root());
        this.everyOutput = inputs.size() > 1 ? new HashMap<>() : null;
    }

    /** Checks {@code image}'s outputs; a clash is only noted, for {@link #finish} to list with the others. */
    public void accept(ImageFile image) throws InputProblem {
        Path relative = layout.format().apply(image.relative());
        ImageFile previous = clashes(relative, image);
        if (previous != null) {
            clashes.add(Names.shown(previous.path()) + " and " + Names.shown(image.path())
                    + " would both be written as " + Names.shown(relative) + ": rename one, or run them separately");
        }
        // An input in the output folder (given as a file, or a folder below it): in any run's part of it.
        Path source = canonicalSource(image);
        if (source.startsWith(out)) {
            for (String filter : filters) {
                for (String strategy : strategies) {
                    if (OutputLayout.canonical(layout.outputFor(image, filter, strategy)).equals(source)) {
                        throw new InputProblem(Names.shown(image.path())
                                + " would be overwritten by its own output: choose another -o");
                    }
                }
            }
        }
        for (String filter : layout.perRun() ? filters : filters.subList(0, Math.min(1, filters.size()))) {
            for (String strategy : layout.perRun() ? strategies : strategies.subList(0, Math.min(1, strategies.size()))) {
                Path target = layout.outputFor(image, filter, strategy);
                guard.check(() -> "output " + Names.shown(target) + " of " + Names.shown(image.path()), target);
            }
        }
    }

    /** Refuses the run when two images would be written to one output: every clash named. */
    public void finish() throws InputProblem {
        if (!clashes.isEmpty()) {
            throw new InputProblem(clashes, "name clashes");
        }
    }

    /** The image that already takes {@code relative}, or null; remembers this one. */
    private ImageFile clashes(Path relative, ImageFile image) {
        if (everyOutput != null) {
            return everyOutput.putIfAbsent(relative.normalize(), image);
        }
        Path parent = relative.getParent() == null ? Path.of("") : relative.getParent();
        // The walk goes depth first: a folder that is not on the way to this one is done with.
        while (!open.isEmpty() && !parent.startsWith(open.peekLast().getKey())) {
            open.removeLast();
        }
        if (open.isEmpty() || !open.peekLast().getKey().equals(parent)) {
            open.addLast(Map.entry(parent, new HashMap<>()));
        }
        return open.peekLast().getValue().putIfAbsent(relative.getFileName(), image);
    }

    /**
     * The image's path with links resolved: its folder's resolved once for all the images in it. One
     * that the walk saw (no link) is not looked at again.
     */
    private Path canonicalSource(ImageFile image) {
        Path path = image.path();
        Path parent = path.toAbsolutePath().getParent();
        if (parent == null || image.seen() == null && Files.isSymbolicLink(path)) {
            return OutputLayout.canonical(path);
        }
        if (!parent.equals(lastParent)) {
            lastParent = parent;
            lastCanonicalParent = OutputLayout.canonical(parent);
        }
        return lastCanonicalParent.resolve(path.getFileName());
    }
}
