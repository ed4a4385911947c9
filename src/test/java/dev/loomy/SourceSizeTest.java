package dev.loomy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;
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

    /** A class named with its package in code: {@code java.util.Locale.ROOT}, {@code new java.io.File(...)}. */
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.\"])(java|javax|org|dev|picocli)\\.([a-z0-9_]+\\.)+[A-Z]");

    @Test
    void noClassIsNamedWithItsPackageInTheCodeOfLoomysMain() throws IOException {
        // An import line is the place for a package; a name written out in full only saves that line. (The
        // Spark engine's sources need both Paths, Hadoop's and the JDK's, and name one in full.)
        Map<String, String> qualified = new TreeMap<>();
        for (Path root : List.of(Path.of("src/main/java"), Path.of("src/main/java25"))) {
            try (Stream<Path> files = Files.walk(root)) {
                for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                    List<String> lines = Files.readAllLines(file);
                    for (int i = 0; i < lines.size(); i++) {
                        String code = lines.get(i).strip();
                        if (code.startsWith("import ") || code.startsWith("package ") || code.startsWith("*")
                                || code.startsWith("/")) {
                            continue;
                        }
                        String outsideStrings = code.replaceAll("\"([^\"\\\\]|\\\\.)*\"", "\"\"").replaceAll("//.*$", "");
                        if (QUALIFIED.matcher(outsideStrings).find()) {
                            qualified.put(file + ":" + (i + 1), code);
                        }
                    }
                }
            }
        }
        assertThat(qualified).isEmpty();
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
