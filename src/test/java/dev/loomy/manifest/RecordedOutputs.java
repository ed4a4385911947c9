package dev.loomy.manifest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.opencv.OpenCv;

/** What the tests of killed runs check in an output folder: which outputs its manifest records, and that each is whole. */
public final class RecordedOutputs {

    private RecordedOutputs() {
    }

    /** The outputs that {@code out}'s manifest records, by path relative to it. */
    public static Set<String> of(Path out) throws IOException {
        Set<String> outputs = new HashSet<>();
        Manifest.read(out, record -> outputs.add(record.output()));
        return outputs;
    }

    /** Asserts that {@code out} holds {@code count} files (hidden ones included), each an image OpenCV decodes. */
    public static void assertComplete(Path out, int count) throws IOException {
        OpenCv.load();
        try (Stream<Path> files = Files.list(out)) {
            List<Path> outputs = files.filter(Files::isRegularFile).toList();
            assertThat(outputs).hasSize(count);
            for (Path output : outputs) {
                Mat image = Imgcodecs.imread(output.toString());
                assertThat(image.empty()).as(output.toString()).isFalse();
                image.release();
            }
        }
    }
}
