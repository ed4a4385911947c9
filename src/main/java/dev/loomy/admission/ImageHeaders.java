package dev.loomy.admission;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.loomy.files.ImageFile;
import dev.loomy.imageio.ImageHeader;

/**
 * The headers of a batch's images, read once before the runs: admission control weighs each
 * image by them, and reading them up front keeps that work out of the measured runs. At most
 * {@link #MAX_READ} are read and kept, the first in the batch's order, so that memory does not
 * grow with the number of images; the header of an image beyond them is read when it is
 * admitted, inside the run.
 */
final class ImageHeaders {

    /** The most headers read before the runs and kept. */
    static final int MAX_READ = 10_000;

    private final Map<Path, ImageHeader> byPath;

    ImageHeaders(Map<Path, ImageHeader> byPath) {
        this.byPath = byPath;
    }

    /** Reads the first {@link #MAX_READ} images' headers; stops early, with what it has, when {@code stop} says so. */
    static ImageHeaders probe(Iterator<ImageFile> images, BooleanSupplier stop) {
        Map<Path, ImageHeader> headers = new HashMap<>();
        while (images.hasNext() && headers.size() < MAX_READ && !stop.getAsBoolean()) {
            ImageFile image = images.next();
            headers.put(image.path(), ImageHeader.probe(image.path()));
        }
        return new ImageHeaders(headers);
    }

    /** {@code file}'s header, read now if it was not read with the batch. */
    ImageHeader of(Path file) {
        ImageHeader header = byPath.get(file);
        return header != null ? header : ImageHeader.probe(file);
    }

    Collection<ImageHeader> all() {
        return byPath.values();
    }
}
