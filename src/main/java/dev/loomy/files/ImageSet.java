package dev.loomy.files;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The images of a run as it was planned. Those below the inputs on paths are not held, however
 * many: each run walks the inputs again ({@link ImageWalk}), in the same order, and a JVM that
 * measures a trial for this one walks them itself. Only images that no walk of paths finds are
 * listed: those below URI inputs, which the Spark engine reads through Hadoop's FileSystem, or
 * the images of a run made of images already in hand (a gallery's warm-up, a test).
 *
 * @param count  how many images there were when the run was planned, listed ones included
 * @param walked whether the inputs on paths are walked for their images (those listed come after them)
 * @param listed the images held in the list
 */
public record ImageSet(int count, boolean walked, List<ImageFile> listed) {

    public ImageSet {
        listed = listed == null ? List.of() : List.copyOf(listed);
    }

    /** The images the walk of the inputs finds ({@code count} when planned), then {@code byUri}. */
    public static ImageSet walked(int count, List<ImageFile> byUri) {
        return new ImageSet(count, true, byUri);
    }

    /** Exactly these images. */
    public static ImageSet of(List<ImageFile> images) {
        return new ImageSet(images.size(), false, images);
    }

    /**
     * The images, walked now below {@code inputs} (saying nothing: what the walk could not read was
     * said when the run was planned), then those listed.
     */
    public Iterator<ImageFile> walk(List<Path> inputs) {
        Iterator<ImageFile> walk = walked ? ImageWalk.quiet(inputs) : Collections.emptyIterator();
        Iterator<ImageFile> rest = listed.iterator();
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return walk.hasNext() || rest.hasNext();
            }

            @Override
            public ImageFile next() {
                return walk.hasNext() ? walk.next() : rest.next();
            }
        };
    }

    /** Every image in a list: for what needs them all at once (a gallery, Spark's driver splitting them into tasks). */
    public List<ImageFile> list(List<Path> inputs) {
        List<ImageFile> all = new ArrayList<>(count);
        walk(inputs).forEachRemaining(all::add);
        return all;
    }
}
