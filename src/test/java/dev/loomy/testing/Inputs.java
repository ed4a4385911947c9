package dev.loomy.testing;

import java.nio.file.Path;

import dev.loomy.TestImages;

/** Input folders for tests that need images to run on but look at what loomy says, not at the images. */
public final class Inputs {

    private Inputs() {
    }

    /** {@code folder} with one small image in it, a.png (20 x 20). */
    public static Path oneSmallImage(Path folder) {
        TestImages.write(folder.resolve("a.png"), 20, 20, 1);
        return folder;
    }
}
