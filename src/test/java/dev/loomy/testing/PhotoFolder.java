package dev.loomy.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import dev.loomy.TestImages;
import dev.loomy.opencv.OpenCv;

/**
 * A folder of its own for each test, {@link #dir()}, holding a folder of small test images, {@link #input()}
 * ({@link TestImages#writeMany}): what loomy runs on in tests of its command line that look at what it
 * says and how it runs them, on this JVM or on others. Removed after the test.
 * <pre>{@code @RegisterExtension
 * final PhotoFolder photos = new PhotoFolder(6, 48, 32);}</pre>
 * The images are written before the class's own {@code @BeforeEach} methods run.
 */
public final class PhotoFolder implements BeforeEachCallback, AfterEachCallback {

    private final int count;
    private final int width;
    private final int height;
    private Path dir;

    /** {@code count} images of {@code width x height}. */
    public PhotoFolder(int count, int width, int height) {
        this.count = count;
        this.width = width;
        this.height = height;
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        OpenCv.load();
        dir = Files.createTempDirectory("loomy-test");
        TestImages.writeMany(input(), count, width, height);
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path path : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    /** The test's folder: the images' folder, and room for its outputs and other files. */
    public Path dir() {
        return dir;
    }

    /** The images' folder, {@code in} under {@link #dir()}. */
    public Path input() {
        return dir.resolve("in");
    }
}
