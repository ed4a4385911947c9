package dev.loomy.tune;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;

/** The images the tune server's tests serve: two of 320x240 and one large. */
final class TunedImages {

    private TunedImages() {
    }

    /**
     * Written under {@code dir}/in: photo0.png and photo1.png, and large.png of 1600x1200, large
     * enough that Cartoon2 takes a while (a burst's requests overlap its runs).
     */
    static List<ImageFile> under(Path dir) {
        List<ImageFile> images = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            Path file = TestImages.write(dir.resolve("in/photo" + i + ".png"), 320, 240, i);
            images.add(new ImageFile(file, Path.of("photo" + i + ".png")));
        }
        Path large = TestImages.write(dir.resolve("in/large.png"), 1600, 1200, 7);
        images.add(new ImageFile(large, Path.of("large.png")));
        return images;
    }
}
