package dev.loomy.files;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The images below inputs named by URIs, one at a time, input after input, each image once: an
 * image that an earlier input gave is skipped. To know that, the walk keeps the URIs of the
 * images of all but the last input; a walk of one input keeps nothing.
 */
public final class UriWalk extends LookAhead<ImageFile> {

    private final List<String> inputs;
    private final List<Iterator<ImageFile>> walks = new ArrayList<>();
    private final Consumer<String> notes;
    private final Set<String> earlier = new HashSet<>();
    private int input = -1;
    private Iterator<ImageFile> current = Collections.emptyIterator();
    private int repeated;

    /**
     * @param notes receives one line per input that repeats images an earlier one gave
     * @throws InputProblem when an input itself cannot be read, or is not an image file
     */
    public UriWalk(UriFiles files, List<String> inputs, Consumer<String> notes) throws InputProblem {
        this.inputs = List.copyOf(inputs);
        this.notes = notes;
        for (String uri : inputs) {
            walks.add(files.walk(uri));
        }
    }

    @Override
    protected ImageFile find() {
        while (true) {
            if (current.hasNext()) {
                ImageFile image = current.next();
                if (earlier.contains(image.uri())) {
                    repeated++;
                    continue;
                }
                if (input < inputs.size() - 1) {
                    earlier.add(image.uri());
                }
                return image;
            }
            if (repeated > 0) {
                notes.accept(inputs.get(input) + ": " + repeated + " image(s) already given by an earlier input, "
                        + "processed once");
                repeated = 0;
            }
            if (++input >= inputs.size()) {
                return null;
            }
            current = walks.get(input);
            walks.set(input, null);
        }
    }
}
