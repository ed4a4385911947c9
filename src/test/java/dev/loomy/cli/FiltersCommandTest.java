package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loomy filters}, and the --config option of the main command. */
class FiltersCommandTest {

    @TempDir
    Path dir;

    /** One in-process run of loomy: its exit status and what it printed. */
    record Run(int status, String out, String err) {

        static Run of(String... args) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteArrayOutputStream err = new ByteArrayOutputStream();
            int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                    new PrintStream(err, true, StandardCharsets.UTF_8));
            return new Run(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
        }
    }

    private Path config(String text) throws IOException {
        return Files.writeString(dir.resolve("filters.yaml"), text);
    }

    @Test
    void listsTheBuiltInsAndTheFilesFiltersAlignedWithKindsLinesAndValues() throws Exception {
        Path file = config("""
                filters:
                  Poster: {kind: Cartoon2, red: 6, green: 6, blue: 6}
                  BrightPoster: {chain: [ALTMRetinex, poster]}
                """);

        Run run = Run.of("filters", "--config=" + file);

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("Filters from " + file + "\n\n" + """
                NAME          KIND         DEFINED   PARAMETERS
                NoOp          NoOp         built-in  none
                Cartoon2      Cartoon2     built-in  red=80, green=15, blue=10
                ALTMRetinex   ALTMRetinex  built-in  r=10, eps=0.01, eta=36.0, lambda=10.0, kernelRatio=0.1
                Poster        Cartoon2     line 2    red=6, green=6, blue=6
                BrightPoster  chain        line 3    ALTMRetinex -> Poster
                """);
    }

    @Test
    void withoutConfigListsTheWorkingFoldersFile() {
        // Maven runs the tests in the project's folder: its filters.yaml is the one found.
        Run run = Run.of("filters");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("Filters from filters.yaml\n")
                .containsPattern("(?m)^Cartoon2 +Cartoon2 +line \\d+ +red=80, green=15, blue=10$")
                .containsPattern("(?m)^ALTMRetinex +ALTMRetinex +line \\d+ +r=10, eps=0.01, eta=36.0, lambda=10.0, "
                        + "kernelRatio=0.1$")
                .containsPattern("(?m)^NoOp +NoOp +line \\d+ +none$");
    }

    @Test
    void aBrokenFileIsOneErrorLineAndExitTwo() throws Exception {
        Path file = config("filters:\n  Comic:\n    kind: Cartoon2\n    gren: 5\n");

        Run run = Run.of("filters", "--config=" + file);

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("loomy: " + file
                + ":4: unknown key 'gren' in filter 'Comic' (expected: kind, red, green, blue)\n");
    }

    @Test
    void aMissingConfigFileIsExitTwo() {
        Path missing = dir.resolve("missing.yaml");

        Run run = Run.of("filters", "--config", missing.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo("loomy: " + missing + ": no such file\n");
    }

    @Test
    void anUnknownOptionIsExitTwo() {
        Run run = Run.of("filters", "--bogus");

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--bogus").contains("loomy filters --help");
    }

    @Test
    void theMainCommandRefusesABrokenConfigBeforeAnyWork() throws Exception {
        Path file = config("filters:\n  Loop: {chain: [loop]}\n");
        Path out = dir.resolve("out");

        Run run = Run.of("--config=" + file, "-o", out.toString(), dir.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo("loomy: " + file
                + ":2: chain 'Loop' leads back to itself: Loop -> Loop (a chain cannot contain itself)\n");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnknownFilterIsExitTwoWithTheKnownNames() throws Exception {
        Path file = config("filters:\n  Poster: {kind: Cartoon2, red: 6}\n");

        Run run = Run.of("--config=" + file, "--filter=NoSuch", "-o", dir.resolve("out").toString(), "x");

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo(
                "loomy: unknown filter 'NoSuch' (known: NoOp, Cartoon2, ALTMRetinex, Poster)\n");
    }
}
