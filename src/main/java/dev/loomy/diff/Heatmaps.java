package dev.loomy.diff;

import java.nio.file.Path;

import org.opencv.core.Mat;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.opencv.MatScope;

/** Where each differing pair's {@link Heatmap} goes: a folder that mirrors the pairs' names. */
public final class Heatmaps {

    private final Path folder;
    private final ImageWriter writer;

    public Heatmaps(Path folder, ImageWriter writer) {
        this.folder = folder;
        this.writer = writer;
    }

    /**
     * The heatmap of the pair named {@code name}: its relative path with {@code .png} added, so that
     * {@code x.jpg} and {@code x.png} in one folder keep a heatmap each.
     */
    public Path target(String name) {
        return folder.resolve(name + ".png");
    }

    /** Writes the heatmap of {@code a} and {@code b}, whole or not at all. */
    void write(String name, Mat a, Mat b) throws ImageException {
        try (MatScope scope = new MatScope()) {
            writer.write(scope.add(Heatmap.of(a, b)), target(name));
        }
    }
}
