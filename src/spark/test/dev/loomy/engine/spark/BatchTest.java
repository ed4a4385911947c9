package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.files.ImageFile;

/** How the driver sends images to its tasks: small, in order, each name byte for byte. */
class BatchTest {

    @Test
    void aNameThatIsNotUtf8ArrivesWithItsBytes() {
        // Java cannot spell such a name as text; a file: URI names its bytes.
        Path e9 = Path.of(URI.create("file:///photos/caf%E9.png"));
        Path e8 = Path.of(URI.create("file:///photos/caf%E8.png"));
        assertThat(e9.toString()).isEqualTo(e8.toString());

        List<Batch.Item> items = Batch.split(List.of(new ImageFile(e9, e9.getFileName()),
                new ImageFile(e8, e8.getFileName())).iterator(), 2, 1).getFirst().items();

        assertThat(items).extracting(item -> item.image().path()).containsExactly(e9, e8);
        assertThat(items).extracting(item -> item.image().relative()).containsExactly(e9.getFileName(), e8.getFileName());
    }

    @Test
    void eachImageKeepsItsPlaceItsPathRelativeToItsInputAndItsUri() {
        List<ImageFile> images = List.of(
                new ImageFile(Path.of("/in/a.png"), Path.of("a.png")),
                new ImageFile(Path.of("/in/sub/b.png"), Path.of("sub/b.png")),
                new ImageFile(Path.of("/c d.png"), Path.of("c d.png"), "s3a://bucket/c d.png"),
                new ImageFile(Path.of("/in/new.png"), Path.of("new.png")));

        List<Batch> batches = Batch.split(images.iterator(), 3, 2);

        assertThat(batches).extracting(Batch::partition).containsExactly(0, 1);
        // The image found beyond the three planned goes in the last task.
        assertThat(batches).extracting(Batch::size).containsExactly(1, 3);
        List<Batch.Item> items = new ArrayList<>();
        batches.forEach(batch -> items.addAll(batch.items()));
        assertThat(items).extracting(Batch.Item::index).containsExactly(0, 1, 2, 3);
        assertThat(items).extracting(Batch.Item::image).containsExactlyElementsOf(images);
    }

    @Test
    void theFolderThatABatchsImagesShareIsHeldOnce() {
        List<ImageFile> images = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            Path path = Path.of("/data/photos/2026/holiday/img-" + (1000 + i) + ".png");
            images.add(new ImageFile(path, path.getFileName()));
        }

        Batch batch = Batch.split(images.iterator(), 200, 1).getFirst();

        assertThat(batch.shared()).isEqualTo("p/data/photos/2026/holiday/img-1");
        // "001.png" and its end: 8 chars an image.
        assertThat(batch.lines()).hasSize(200 * 8);
        assertThat(batch.items()).extracting(Batch.Item::image).containsExactlyElementsOf(images);
    }

    @Test
    void fewerImagesThanPlannedLeaveNoEmptyTask() {
        ImageFile a = new ImageFile(Path.of("/in/a.png"), Path.of("a.png"));

        assertThat(Batch.split(List.of(a).iterator(), 5, 5)).extracting(Batch::size).containsExactly(1);
        assertThat(Batch.split(List.<ImageFile>of().iterator(), 5, 5)).isEmpty();
    }

    @Test
    void imagesSkippedGoInNoTaskAndTheOthersShareTheTasksEvenly() {
        List<ImageFile> images = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            images.add(new ImageFile(Path.of("/in/" + i + ".png"), Path.of(i + ".png")));
        }
        BitSet skip = new BitSet();
        skip.set(0, 6);

        List<Batch> batches = Batch.split(images.iterator(), skip, 4, 2);

        assertThat(batches).extracting(Batch::partition).containsExactly(0, 1);
        assertThat(batches).extracting(batch -> batch.indexes()).containsExactly(new int[] {6, 7}, new int[] {8, 9});
        assertThat(batches.get(1).items()).extracting(Batch.Item::image).containsExactly(images.get(8), images.get(9));
    }
}
