package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.run.ExitCodes;

/**
 * {@code --reproducible} from a JVM whose OpenCV is not pinned (this test's): the images are
 * processed in a child JVM started with OpenCV pinned, so ALTMRetinex writes exactly the
 * golden {@code altmretinex-portable/} set, the same bits on every x86-64 CPU.
 */
class ReproducibleTest {

    @TempDir
    Path dir;

    @BeforeAll
    static void thisJvmIsNotPinned() {
        assertThat(OpenCvPinning.active()).as("this test is about a JVM started without the pinning").isFalse();
    }

    @Slow
    @Test
    void altmRetinexWritesThePinnedGoldenImagesToTheBit() throws Exception {
        Path inputs = golden("inputs");
        Path out = dir.resolve("out");

        Cli run = Cli.run("--reproducible", "-s", "loop", "-f", "ALTMRetinex", "--image-format=png", "--format=json",
                "-o", out.toString(), inputs.toString());

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertThat(root.at("/options/reproducible").asBoolean()).isTrue();
        assertThat(root.get("forked").asBoolean()).as("measured in a pinned child JVM").isTrue();
        Cli diff = Cli.run("diff", golden("altmretinex-portable").toString(), out.toString());
        assertThat(diff.status()).as(diff.out()).isZero();
        assertThat(diff.out()).contains("compared 8: 8 identical");
    }

    @Slow
    @Test
    void theTableSaysTheRunWasReproducible() throws Exception {
        Cli run = Cli.run("--reproducible", "-s", "loop", "-f", "Cartoon2", "--no-write", "--format=table",
                golden("inputs").resolve("odd-97x61.png").toString());

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.out()).contains("reproducible");
        // OpenCV's notices that IPP is off and that this CPU lacks a feature it was told to
        // leave alone (AVX-512 on many), from each pinned child, are expected: not passed on.
        assertThat(run.err()).doesNotContain("IPP was disabled").doesNotContain("OPENCV:");
    }

    @Test
    void withNoForkItIsBadUsageNamingTheEnvironment() throws Exception {
        Cli run = Cli.run("--reproducible", "--no-fork", "-s", "loop", "--no-write",
                golden("inputs").resolve("odd-97x61.png").toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines()).singleElement().asString().contains("--no-fork").contains("OPENCV_IPP=disabled");
    }

    static Path golden(String folder) throws URISyntaxException {
        return Path.of(ReproducibleTest.class.getResource("/golden/" + folder).toURI());
    }
}
