package dev.loomy.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;
import dev.loomy.imageio.ImageHeader;

class ImageHeadersTest {

    @TempDir
    Path dir;

    @Test
    void theHeadersOfSkippedImagesAreNotReadBeyondTheSample() {
        int count = ImageHeaders.SAMPLE + 50;
        List<ImageFile> images = new ArrayList<>();
        for (Path file : TestImages.writeMany(dir, count, 8, 6)) {
            images.add(new ImageFile(file, file.getFileName()));
        }
        List<ImageFile> asked = new ArrayList<>();
        // The last ten are not up to date: only they are read beyond the sample.
        List<ImageFile> pending = images.subList(count - 10, count);

        ImageHeaders headers = ImageHeaders.probe(images.iterator(), image -> {
            asked.add(image);
            return pending.contains(image);
        }, () -> false);

        assertThat(headers.all()).hasSize(ImageHeaders.SAMPLE + 10).extracting(ImageHeader::dimensions).containsOnly("8x6");
        assertThat(asked).containsExactlyElementsOf(images.subList(ImageHeaders.SAMPLE, count));
    }

    @Test
    void noMoreThanTheFirstImagesAreLookedAt() {
        List<ImageFile> looked = new ArrayList<>();
        Iterator<ImageFile> endless = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public ImageFile next() {
                Path path = dir.resolve("missing" + looked.size() + ".png");
                ImageFile image = new ImageFile(path, path.getFileName());
                looked.add(image);
                return image;
            }
        };

        ImageHeaders.probe(endless, image -> looked.size() == ImageHeaders.UNCHANGED, () -> false);

        assertThat(looked).hasSize(ImageHeaders.MAX_READ);
    }

    @Test
    void aReRunThatSkipsTheFirstThousandImagesLooksNoFurther() {
        List<ImageFile> looked = new ArrayList<>();
        ImageHeaders headers = ImageHeaders.probe(Stream.iterate(0, i -> i + 1).map(i -> {
            Path path = dir.resolve("missing" + i + ".png");
            ImageFile image = new ImageFile(path, path.getFileName());
            looked.add(image);
            return image;
        }).iterator(), image -> false, () -> false);

        assertThat(looked).hasSize(ImageHeaders.UNCHANGED);
        assertThat(headers.all()).hasSize(ImageHeaders.SAMPLE);
    }
}
