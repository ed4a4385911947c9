package dev.loomy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The size limits of the sources, checked rather than remembered: a file over them is a file to split. */
class SourceSizeTest {

    private static final int FILE_LIMIT = 400;
    private static final int CLI_CLASS_LIMIT = 200;

    /** The sources of every build: loomy's (its preview classes too), its tests, the Spark engine's and the benchmarks'. */
    private static final List<Path> SOURCES = List.of(Path.of("src/main/java"), Path.of("src/main/java25"),
            Path.of("src/test/java"), Path.of("src/spark"), Path.of("src/jmh"));

    @Test
    void noSourceFileIsOver400Lines() throws IOException {
        assertThat(longerThan(FILE_LIMIT, SOURCES)).isEmpty();
    }

    @Test
    void noClassOfTheCommandLineIsOver200Lines() throws IOException {
        assertThat(longerThan(CLI_CLASS_LIMIT, List.of(Path.of("src/main/java/dev/loomy/cli")))).isEmpty();
    }

    @Test
    void theSourcesAreFoundWhereTheyAreLookedFor() throws IOException {
        // Run from anywhere else, the limits would pass on finding nothing.
        assertThat(longerThan(0, List.of(Path.of("src/main/java/dev/loomy/cli")))).containsKey(
                "src/main/java/dev/loomy/cli/Main.java");
    }

    /** Each Java file under {@code roots} with more than {@code limit} lines, and its line count. */
    private static Map<String, Long> longerThan(int limit, List<Path> roots) throws IOException {
        Map<String, Long> over = new TreeMap<>();
        for (Path root : roots) {
            if (!Files.isDirectory(root)) {
                continue;
            }
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    long lines;
                    try (Stream<String> text = Files.lines(file)) {
                        lines = text.count();
                    }
                    if (lines > limit) {
                        over.put(file.toString(), lines);
                    }
                }
            }
        }
        return over;
    }
}
