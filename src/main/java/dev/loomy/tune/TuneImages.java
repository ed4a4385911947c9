package dev.loomy.tune;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.files.ImageFile;
import dev.loomy.imageio.ImageHeader;

/**
 * The images tune was given, each by an id that says nothing of where it lies: a request names
 * an image only by its id, never by a path, so it can reach no other file.
 */
final class TuneImages {

    /**
     * One image as {@code /api/images} lists it.
     *
     * @param name   its path below the input it was found in, as the main command's outputs keep it
     * @param width  null when its header does not say
     * @param height null when its header does not say
     */
    record Listed(String id, String name, Integer width, Integer height) {
    }

    private final Map<String, ImageFile> byId = new LinkedHashMap<>();
    private final List<Listed> listed = new ArrayList<>();

    TuneImages(List<ImageFile> images) {
        for (ImageFile image : images) {
            String id = Integer.toString(byId.size() + 1);
            byId.put(id, image);
            ImageHeader header = ImageHeader.probe(image.path());
            listed.add(new Listed(id, image.relative().toString(), header.sizeKnown() ? header.width() : null,
                    header.sizeKnown() ? header.height() : null));
        }
    }

    List<ImageFile> files() {
        return List.copyOf(byId.values());
    }

    List<Listed> listed() {
        return List.copyOf(listed);
    }

    /** The image of {@code id}. */
    ImageFile find(String id) throws HttpError {
        ImageFile image = byId.get(id);
        if (image == null) {
            throw HttpError.notFound("no image with id '" + id + "' (GET /api/images lists them)");
        }
        return image;
    }
}
