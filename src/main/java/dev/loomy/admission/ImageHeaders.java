package dev.loomy.admission;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

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
    /** The headers read whether or not their images are skipped: enough to size a limit on. */
    static final int SAMPLE = 100;
    /** The headers read before a job's one run: its 90th percentile, which sizes the limit, is the 29th. */
    static final int JOB_SAMPLE = 32;
    /** How many images are looked at before the probe gives up finding one that is not skipped. */
    static final int UNCHANGED = 1_000;

    private final Map<Path, ImageHeader> byPath;

    ImageHeaders(Map<Path, ImageHeader> byPath) {
        this.byPath = byPath;
    }

    /**
     * Reads the headers of the first {@link #MAX_READ} images that {@code read} takes (those no run
     * skips as up to date), and of the first {@link #SAMPLE} whatever it says, which size the limit
     * when every other is skipped; gives up after {@link #UNCHANGED} images when it took none of
     * them, and stops early, with what it has, when {@code stop} says so.
     */
    static ImageHeaders probe(Iterator<ImageFile> images, Predicate<ImageFile> read, BooleanSupplier stop) {
        return probe(images, read, stop, MAX_READ);
    }

    /** As {@link #probe(Iterator, Predicate, BooleanSupplier)}, reading at most {@code most} headers. */
    static ImageHeaders probe(Iterator<ImageFile> images, Predicate<ImageFile> read, BooleanSupplier stop, int most) {
        Map<Path, ImageHeader> headers = new HashMap<>();
        // A re-run that changes little stops at UNCHANGED: the sample sizes the limit, and looking further
        // would cost a stat or two of every image before the run, which looks at each again.
        for (int seen = 0; seen < most && !(seen >= UNCHANGED && headers.size() == SAMPLE)
                && images.hasNext() && !stop.getAsBoolean(); seen++) {
            ImageFile image = images.next();
            if (seen < SAMPLE || read.test(image)) {
                headers.put(image.path(), ImageHeader.probe(image.path()));
            }
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
