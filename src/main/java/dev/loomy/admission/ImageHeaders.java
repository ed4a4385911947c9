package dev.loomy.admission;

import java.nio.file.Path;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;

import dev.loomy.files.ImageFile;
import dev.loomy.imageio.ImageHeader;

/**
 * The headers of a batch's images, read once before the runs: admission control weighs each
 * image by them, and reading them up front keeps that work out of the measured runs.
 */
final class ImageHeaders {

    private final Map<Path, ImageHeader> byPath;

    ImageHeaders(Map<Path, ImageHeader> byPath) {
        this.byPath = byPath;
    }

    /** Reads every image's header; stops early, with what it has, when {@code stop} says so. */
    static ImageHeaders probe(List<ImageFile> images, BooleanSupplier stop) {
        Map<Path, ImageHeader> headers = new HashMap<>(images.size() * 2);
        for (ImageFile image : images) {
            if (stop.getAsBoolean()) {
                break;
            }
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
