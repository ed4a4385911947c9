package dev.loomy.files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * Finds the images below the command's inputs, all at once: for the few commands that show
 * every image (a gallery) and for tests. A run walks its inputs as it goes ({@link ImageWalk}),
 * in the same order.
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
     * The images below {@code inputs}, as {@link ImageWalk} finds them: each input's sorted by
     * relative path, the inputs in the order given, an image that an earlier input gave taken once.
     */
    public List<ImageFile> walk(List<Path> inputs) throws InputProblem {
        ImageWalk walk = new ImageWalk(inputs, problems, notes);
        List<ImageFile> images = new ArrayList<>();
        walk.forEachRemaining(images::add);
        unreadable = walk.unreadable();
        return images;
    }
}
