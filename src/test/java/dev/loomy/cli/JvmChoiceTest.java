package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.loomy.Slow;
import dev.loomy.testing.PhotoFolder;

/**
 * {@code --jvm}, {@code --jvm-options} and {@code --io-lock} refused through the command line: a
 * JVM that cannot run loomy, or an option set it cannot start with, is one line and exit status 2
 * before anything runs.
 */
class JvmChoiceTest {

    @RegisterExtension
    final PhotoFolder photos = new PhotoFolder(2, 32, 24);

    private Cli loomy(String... options) {
        return Cli.run(options, "-s", "loop,virtual", "--no-write", photos.input().toString());
    }

    private static void refused(Cli cli, String... said) {
        assertThat(cli.status()).as(cli.err()).isEqualTo(2);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err().lines()).as(cli.err()).hasSize(1);
        assertThat(cli.err()).contains(said);
    }

    @Test
    void aMissingJvmIsOneLine() {
        refused(loomy("--jvm=" + photos.dir().resolve("no-such-java")), "--jvm=", "no-such-java: no such file");
    }

    @Test
    void aJavaHomeWithoutJavaIsOneLine() throws IOException {
        Path home = Files.createDirectories(photos.dir().resolve("home"));
        refused(loomy("--jvm=" + home), "no such file (" + home.resolve("bin/java") + ")");
    }

    @Test
    void aFileThatIsNoJavaIsOneLine() throws IOException {
        Path text = Files.writeString(photos.dir().resolve("notes.txt"), "not a program\n");
        refused(loomy("--jvm=" + text), "notes.txt: not a Java");
        Path script = executable("fake-java", "#!/bin/sh\necho hello\n");
        refused(loomy("--jvm=" + script), "fake-java: not a Java");
    }

    @Test
    void aJavaOlderThan21IsOneLine() throws IOException {
        // What a Java 17 says of itself, without needing one installed.
        Path java17 = executable("java17", "#!/bin/sh\ncat >&2 <<'EOF'\nProperty settings:\n    java.runtime.version = "
                + "17.0.9+9\n    java.specification.version = 17\n    java.vendor = Eclipse Adoptium\n\nopenjdk "
                + "version \"17.0.9\"\nEOF\n");
        refused(loomy("--jvm=" + java17), "Java 17 (17.0.9+9) is too old; loomy needs 21 or newer");
    }

    @Test
    void withoutForkingIsOneLine() {
        refused(loomy("--jvm-options=-Xmx256m", "--no-fork"), "--jvm-options with --no-fork");
    }

    @Test
    void anOptionSetThatIsNoOptionIsOneLine() {
        refused(loomy("--jvm-options=-XX:+UseSerialGC;Xmx256m"), "Xmx256m is not a JVM option");
    }

    @Test
    @Slow
    void anOptionSetTheJvmRefusesIsOneLine() {
        refused(loomy("--jvm-options=default;-XX:+NoSuchOptionAtAll"), "-XX:+NoSuchOptionAtAll does not start",
                "Unrecognized VM option");
    }

    @Test
    void anUnknownIoLockIsOneLine() {
        refused(loomy("--io-latency=1ms", "--io-lock=spin"), "--io-lock=spin: unknown lock (none, monitor or reentrant)");
    }

    private Path executable(String name, String text) throws IOException {
        Path file = Files.writeString(photos.dir().resolve(name), text);
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
        return file;
    }
}
