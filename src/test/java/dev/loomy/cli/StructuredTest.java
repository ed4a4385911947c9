package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.loomy.Jdk21;
import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.testing.PhotoFolder;

/**
 * {@code -s structured} through the command line: the same output files as {@code virtual}, in
 * this JVM (started with preview features, as run.sh starts loomy on Java 25) and in forked children;
 * on a JVM that cannot run it, one line and exit status 2 before any run.
 */
@Slow
@Timeout(value = 300, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class StructuredTest {

    @RegisterExtension
    final PhotoFolder photos = new PhotoFolder(12, 96, 72);

    @BeforeEach
    void images() {
        TestImages.write(photos.input().resolve("sub/photo.jpg"), 120, 90, 40);
    }

    @Test
    void writesTheSameFilesAsVirtualByteForByte() throws IOException {
        Cli virtual = Cli.run("-s", "virtual", "-f", "Cartoon2", "-o", photos.dir().resolve("virtual").toString(),
                photos.input().toString());
        Cli structured = Cli.run("-s", "structured", "-f", "Cartoon2", "-o",
                photos.dir().resolve("structured").toString(), photos.input().toString());

        assertThat(virtual.status()).as(virtual.err()).isZero();
        assertThat(structured.status()).as(structured.err()).isZero();
        assertThat(structured.out()).startsWith("13 images -> ");
        Map<String, byte[]> expected = files(photos.dir().resolve("virtual"));
        assertThat(expected).hasSize(13);
        assertThat(files(photos.dir().resolve("structured"))).containsOnlyKeys(expected.keySet())
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
    }

    @Test
    void runsInForkedChildrenBesideVirtual() throws IOException {
        Path out = photos.dir().resolve("out");
        Cli both = Cli.run("-s", "virtual,structured", "-f", "NoOp", "--fork", "--format=csv", "-o", out.toString(),
                photos.input().toString());

        assertThat(both.status()).as(both.err()).isZero();
        assertThat(both.out()).contains("structured,NoOp").contains("virtual,NoOp");
        Map<String, byte[]> expected = files(out.resolve("NoOp/virtual"));
        assertThat(expected).hasSize(13);
        assertThat(files(out.resolve("NoOp/structured"))).containsOnlyKeys(expected.keySet())
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
    }

    @Test
    void java25WithoutPreviewFeaturesIsToldWhyInOneLine() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Ran ran = run(List.of(java, "--enable-native-access=ALL-UNNAMED"));

        assertThat(ran.status).isEqualTo(2);
        assertThat(ran.err.lines().toList()).containsExactly("loomy: -s structured needs Java's preview features, "
                + "which this JVM was started without: run loomy with run.sh, or give java --enable-preview");
        assertThat(photos.dir().resolve("out")).doesNotExist();
    }

    @Test
    void java21IsToldWhyInOneLine() throws Exception {
        Ran ran = run(List.of(java21()));

        assertThat(ran.status).as(ran.err).isEqualTo(2);
        assertThat(ran.err.lines().toList()).containsExactly("loomy: -s structured needs Java 25, whose "
                + "StructuredTaskScope it is built against (a preview API that changes from one release to the next); "
                + "this is Java 21");
        assertThat(photos.dir().resolve("out")).doesNotExist();
        // The rest of loomy runs there: the same command with virtual threads.
        Ran virtual = run(List.of(java21()), "virtual");
        assertThat(virtual.status).as(virtual.err).isZero();
        assertThat(virtual.out).startsWith("13 images -> ");
    }

    private record Ran(int status, String out, String err) {
    }

    private Ran run(List<String> javaAndOptions) throws Exception {
        return run(javaAndOptions, "structured");
    }

    /** loomy's Main on this test's class path, run by {@code javaAndOptions}. */
    private Ran run(List<String> javaAndOptions, String strategy) throws Exception {
        List<String> command = new ArrayList<>(javaAndOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.loomy.cli.Main", "-s", strategy,
                "-f", "NoOp", "-o", photos.dir().resolve("out").toString(), photos.input().toString()));
        Path out = photos.dir().resolve("stdout.txt");
        Path err = photos.dir().resolve("stderr.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).isTrue();
        return new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private static String java21() throws Exception {
        return Jdk21.java().toString();
    }

    /** Every file under {@code root}, by its path there, with its bytes. */
    static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(root.relativize(file).toString().replace(File.separatorChar, '/'), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
