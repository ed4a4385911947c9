package dev.loomy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The jar's Main-Class: a class file any Java from 8 loads, so that an older Java than loomy needs
 * gets one line rather than an UnsupportedClassVersionError; under this Java it runs loomy.
 */
@Slow
class LauncherTest {

    @TempDir
    Path dir;

    @Test
    void itIsAJava8ClassFileThatReadsEveryJavasVersionAndRunsLoomyUnderThisOne() throws Exception {
        try (InputStream in = Launcher.class.getResourceAsStream("Launcher.class");
             DataInputStream data = new DataInputStream(in)) {
            assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
            data.readUnsignedShort();
            assertThat(data.readUnsignedShort()).as("class file version: Java 8's").isEqualTo(52);
        }
        assertThat(List.of("1.8", "11", "17", "21", "25", "26-ea", "")).map(Launcher::major)
                .containsExactly(8, 11, 17, 21, 25, 26, 0);

        Process process = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), "dev.loomy.Launcher", "--version")
                .redirectOutput(dir.resolve("out.txt").toFile()).redirectError(dir.resolve("err.txt").toFile()).start();
        assertThat(process.waitFor(1, TimeUnit.MINUTES)).isTrue();
        assertThat(process.exitValue()).as(Files.readString(dir.resolve("err.txt"))).isZero();
        assertThat(Files.readString(dir.resolve("out.txt"))).startsWith("loomy ");
    }
}
