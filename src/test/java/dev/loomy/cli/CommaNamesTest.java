package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.Galleries;

/** A filters file's name with a comma in it, given to -f in double quotes. */
class CommaNamesTest {

    @TempDir
    Path dir;

    private Path config() throws Exception {
        return Files.writeString(dir.resolve("comma.yaml"), "filters:\n  Soft,Warm: {kind: Cartoon2, red: 6}\n");
    }

    @Test
    void theMainCommandTakesItQuotedAndWritesItsFolder() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 64, 48, 1);
        Path out = dir.resolve("out");

        Cli cli = Cli.run("--quiet", "--config=" + config(), "-s", "loop", "--no-fork", "-f", "\"Soft,Warm\",Gray",
                "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(out.resolve("Soft,Warm/loop/one.png")).isRegularFile();
        assertThat(out.resolve("Gray/loop/one.png")).isRegularFile();

        Cli unquoted = Cli.run("--config=" + config(), "-f", "Soft,Warm", "-o", out.toString(), in.toString());
        assertThat(unquoted.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(unquoted.err()).contains("unknown filter 'Soft'")
                .contains("a name with a comma goes in double quotes: -f '\"Soft,Warm\"'");
    }

    @Test
    void theGalleryTakesItQuotedAndInAll() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("one.png"), 64, 48, 1);

        Path quoted = dir.resolve("quoted");
        Cli cli = Cli.run("gallery", "-q", "--config=" + config(), "-f", "\"Soft,Warm\",Gray", "-o", quoted.toString(),
                in.toString());
        assertThat(cli.status()).as(cli.err()).isZero();
        String html = Files.readString(quoted.resolve("index.html"));
        assertThat(Galleries.heads(html)).containsExactly("Original", "Soft,Warm", "Gray");
        assertThat(Galleries.attributes(html, "src")).hasSize(3)
                .allSatisfy(url -> assertThat(Galleries.resolve(quoted, url)).isRegularFile());

        Path all = dir.resolve("all");
        cli = Cli.run("gallery", "-q", "--config=" + config(), "-o", all.toString(), in.toString());
        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(Galleries.heads(Files.readString(all.resolve("index.html")))).contains("Soft,Warm");
    }
}
