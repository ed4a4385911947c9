package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.files.ImageFile;

/** The walk of a folder named by a URI: one folder listed at a time, in the local walk's order. */
class HadoopWalkTest {

    @TempDir
    Path dir;

    @Test
    void imagesComeInTheOrderOfTheirRelativePathsHiddenAndOtherFilesLeftOut() throws Exception {
        for (String name : List.of("a.png", "a/x.png", "a-b.png", "b/c/d.JPG", ".hidden.png", ".cache/e.png", "notes.txt")) {
            Files.createDirectories(dir.resolve(name).getParent());
            Files.writeString(dir.resolve(name), "x");
        }

        Iterator<ImageFile> walk = new HadoopFiles(Map.of()).walk(dir.toUri().toString());
        List<String> relatives = new ArrayList<>();
        List<String> uris = new ArrayList<>();
        walk.forEachRemaining(image -> {
            relatives.add(image.relative().toString());
            uris.add(image.uri());
        });

        // As the whole relative paths sort: '-' and '.' before '/'.
        assertThat(relatives).containsExactly("a-b.png", "a.png", "a/x.png", "b/c/d.JPG");
        assertThat(uris).containsExactly("file:" + dir.resolve("a-b.png"), "file:" + dir.resolve("a.png"),
                "file:" + dir.resolve("a/x.png"), "file:" + dir.resolve("b/c/d.JPG"));
    }
}
