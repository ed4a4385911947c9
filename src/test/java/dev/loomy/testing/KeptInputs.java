package dev.loomy.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;

import dev.loomy.TestImages;

/** Input images whose bytes are kept, so that a test can check that loomy left them exactly as they were. */
public final class KeptInputs {

    private final Path folder;
    private final Map<Path, byte[]> before = new HashMap<>();

    public KeptInputs(Path folder) {
        this.folder = folder;
    }

    /** Writes a test image (see {@link TestImages#write}) under the folder, and keeps its bytes. */
    public Path write(String name, int width, int height, int seed) throws IOException {
        Path image = TestImages.write(folder.resolve(name), width, height, seed);
        before.put(image, Files.readAllBytes(image));
        return image;
    }

    /** The inputs' bytes as they were, and nothing beside them: no file, link or special file, only folders. */
    public void assertUntouched() throws IOException {
        for (Map.Entry<Path, byte[]> input : before.entrySet()) {
            assertThat(Files.readAllBytes(input.getKey())).isEqualTo(input.getValue());
        }
        try (Stream<Path> files = Files.walk(folder)) {
            assertThat(files.filter(p -> !Files.isDirectory(p))).containsExactlyInAnyOrderElementsOf(before.keySet());
        }
    }
}
