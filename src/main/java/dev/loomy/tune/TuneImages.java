package dev.loomy.tune;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.files.ImageFile;
import dev.loomy.files.IoReasons;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageHeader;

/**
 * The images tune was given, each by an id that says nothing of where it lies: a request names
 * an image only by its id, never by a path, so it can reach no other file. Each is known by its
 * file's identity (device and inode) as found at start, where its links, if any, were followed
 * once: an image served is that file, read without following a link, or it is refused; an input
 * replaced since by another file, or by a link to one elsewhere, is not read.
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
    private final Map<Path, Object> identities = new HashMap<>();
    private final List<Listed> listed = new ArrayList<>();

    TuneImages(List<ImageFile> images) {
        for (ImageFile given : images) {
            String id = Integer.toString(byId.size() + 1);
            ImageFile image = given;
            try {
                Path real = given.path().toRealPath();
                BasicFileAttributes attributes = Files.readAttributes(real, BasicFileAttributes.class,
                        LinkOption.NOFOLLOW_LINKS);
                image = new ImageFile(real, given.relative());
                if (attributes.isRegularFile() && attributes.fileKey() != null) {
                    identities.put(real, attributes.fileKey());
                }
            } catch (IOException e) {
                // Gone or unreadable since the walk: listed, and refused when asked for, with the reason.
            }
            byId.put(id, image);
            ImageHeader header = ImageHeader.probe(image.path());
            listed.add(new Listed(id, given.relative().toString(), header.sizeKnown() ? header.width() : null,
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

    /**
     * The attributes of {@code file}, not following a link, if it is still the regular file found at
     * start.
     *
     * @throws ImageException when it is not, or cannot be looked at
     */
    BasicFileAttributes same(Path file) throws ImageException {
        Object identity = identities.get(file);
        BasicFileAttributes attributes;
        try {
            attributes = Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (IOException e) {
            throw new ImageException(file, "cannot be read: " + IoReasons.of(e));
        }
        if (identity == null || !attributes.isRegularFile() || !identity.equals(attributes.fileKey())) {
            throw new ImageException(file, "is no longer the file loomy tune found at start (replaced, or made a "
                    + "link): not read; restart tune to see what is there now");
        }
        return attributes;
    }
}
