package dev.loomy.files;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The images of a run as it was planned. Those below the inputs are not held, however many: each
 * run walks the inputs again ({@link ImageWalk} for paths, {@link UriWalk} for URIs, which the
 * Spark engine reads through Hadoop's FileSystem), in the same order, and a JVM that measures a
 * trial for this one walks them itself. Only the images of a run made of images already in hand
 * (a gallery's warm-up, a test) are listed.
 *
 * @param count  how many images there were when the run was planned
 * @param walked whether the inputs on paths are walked for their images
 * @param listed the images held in the list, given after those walked
 * @param uris   the inputs named by URIs, walked after the rest
 */
public record ImageSet(int count, boolean walked, List<ImageFile> listed, List<String> uris) {

    public ImageSet {
        listed = listed == null ? List.of() : List.copyOf(listed);
        uris = uris == null ? List.of() : List.copyOf(uris);
    }

    /** The images the walks of the inputs find, those on paths then those below {@code uris}: {@code count} when planned. */
    public static ImageSet walked(int count, List<String> uris) {
        return new ImageSet(count, true, List.of(), uris);
    }

    /** Exactly these images. */
    public static ImageSet of(List<ImageFile> images) {
        return new ImageSet(images.size(), false, images, List.of());
    }

    /**
     * The images, walked now below {@code inputs} (saying nothing: what the walk could not read was
     * said when the run was planned), then those listed, then those below the URI inputs.
     *
     * @param files reads the URI inputs; null where there are none (only the Spark engine reads them)
     * @throws UncheckedIOException when a URI input can no longer be read
     */
    public Iterator<ImageFile> walk(List<Path> inputs, UriFiles files) {
        List<Iterator<ImageFile>> parts = new ArrayList<>(3);
        parts.add(walked ? ImageWalk.quiet(inputs) : Collections.emptyIterator());
        parts.add(listed.iterator());
        if (!uris.isEmpty()) {
            if (files == null) {
                throw new IllegalStateException("inputs named by URIs are read by the Spark engine only");
            }
            try {
                parts.add(new UriWalk(files, uris, note -> { }));
            } catch (InputProblem e) {
                throw new UncheckedIOException(new IOException(e.getMessage(), e));
            }
        }
        Iterator<Iterator<ImageFile>> each = parts.iterator();
        return new Iterator<>() {
            private Iterator<ImageFile> part = each.next();

            @Override
            public boolean hasNext() {
                while (!part.hasNext() && each.hasNext()) {
                    part = each.next();
                }
                return part.hasNext();
            }

            @Override
            public ImageFile next() {
                hasNext();
                return part.next();
            }
        };
    }

    /** Every image in a list: for what shows them all at once (a gallery). */
    public List<ImageFile> list(List<Path> inputs) {
        List<ImageFile> all = new ArrayList<>(count);
        walk(inputs, null).forEachRemaining(all::add);
        return all;
    }
}
