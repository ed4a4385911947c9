package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code loomy filters}, and the --config option of the main command. */
class FiltersCommandTest {

    @TempDir
    Path dir;

    private Path config(String text) throws IOException {
        return Files.writeString(dir.resolve("filters.yaml"), text);
    }

    @Test
    void listsTheBuiltInsAndTheFilesFiltersAlignedWithKindsLinesDescriptionsAndValues() throws Exception {
        Path file = config("""
                filters:
                  Poster: {kind: Cartoon2, red: 6, green: 6, blue: 6}
                  BrightPoster: {chain: [ALTMRetinex, poster]}
                  Edges: {kind: Canny, threshold1: 50, inverted: false}
                """);

        Cli run = Cli.run("filters", "--config=" + file);

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("Filters from " + file + "\n\n" + """
                NAME             KIND             DEFINED   DESCRIPTION                                          PARAMETERS
                NoOp             NoOp             built-in  changes nothing: reading and writing alone           none
                Cartoon2         Cartoon2         built-in  fewer colours, black edges                           red=80, green=15, blue=10
                ALTMRetinex      ALTMRetinex      built-in  tone mapping: shadows lifted, detail kept            r=10, eps=0.01, eta=36.0, lambda=10.0, kernelRatio=0.1
                Gray             Gray             built-in  grayscale, red and blue weights swapped (1 channel)  none
                Canny            Canny            built-in  black edges on white                                 threshold1=100, threshold2=200, inverted=true
                SepiaGray        SepiaGray        built-in  warm sepia                                           none
                SepiaRed         SepiaRed         built-in  red-brown sepia                                      none
                Invert           Invert           built-in  photographic negative                                none
                GammaCorrection  GammaCorrection  built-in  gamma curve: very dark, crushed shadows              gamma=0.1
                EdgePreserving   EdgePreserving   built-in  smoothed, edges kept                                 flags=1, sigma_s=60.0, sigma_r=0.4
                DetailEnhance    DetailEnhance    built-in  crisp details, local contrast                        sigma_s=10.0, sigma_r=0.15
                Sobelo           Sobelo           built-in  vertical-gradient relief, gray (1 channel)           none
                Gotham           Gotham           built-in  cool and contrasty                                   none
                HighContrast     HighContrast     built-in  equalised brightness, richer colour                  alpha=1.5
                PixelSepia       PixelSepia       built-in  flat brown sepia                                     depth=20, intensity=30
                Vignetting       Vignetting       built-in  brightened centre, black outside a disc              none
                Lark             Lark             built-in  slightly brighter and cooler                         none
                Mayfair          Mayfair          built-in  warm, saturated and bright                           none
                Valencia         Valencia         built-in  hue collapsed towards red, faded                     none
                Walden           Walden           built-in  lifted, washed-out, yellow-green                     none
                Cartoon          Cartoon          built-in  smoothed colour with dark line art                   d=13, sigmaColor=13, sigmaSpace=7, ksize=7, maxValue=255.0, blockSize=9, C=2
                Poster           Cartoon2         line 2    fewer colours, black edges                           red=6, green=6, blue=6
                BrightPoster     chain            line 3    its steps, in order                                  ALTMRetinex -> Poster
                Edges            Canny            line 4    white edges on black                                 threshold1=50, threshold2=200, inverted=false
                """);
    }

    @Test
    void withoutConfigListsTheWorkingFoldersFile() {
        // Maven runs the tests in the project's folder: its filters.yaml is the one found.
        Cli run = Cli.run("filters");

        assertThat(run.status()).isZero();
        assertThat(run.out()).startsWith("Filters from filters.yaml\n")
                .containsPattern("(?m)^Cartoon2 +Cartoon2 +line \\d+ +fewer colours, black edges +red=80, green=15, "
                        + "blue=10$")
                .containsPattern("(?m)^ALTMRetinex +ALTMRetinex +line \\d+ +[^=]+ +r=10, eps=0.01, eta=36.0, "
                        + "lambda=10.0, kernelRatio=0.1$")
                .containsPattern("(?m)^NoOp +NoOp +line \\d+ +[^=]+ +none$")
                .containsPattern("(?m)^Canny +Canny +line \\d+ +black edges on white +threshold1=100, threshold2=200, "
                        + "inverted=true$");
    }

    @Test
    void aBrokenFileIsOneErrorLineAndExitTwo() throws Exception {
        Path file = config("filters:\n  Comic:\n    kind: Cartoon2\n    gren: 5\n");

        Cli run = Cli.run("filters", "--config=" + file);

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.out()).isEmpty();
        assertThat(run.err()).isEqualTo("loomy: " + file
                + ":4: unknown key 'gren' in filter 'Comic' (expected: kind, red, green, blue)\n");
    }

    @Test
    void aMissingConfigFileIsExitTwo() {
        Path missing = dir.resolve("missing.yaml");

        Cli run = Cli.run("filters", "--config", missing.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo("loomy: " + missing + ": no such file\n");
    }

    @Test
    void anUnknownOptionIsExitTwo() {
        Cli run = Cli.run("filters", "--bogus");

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains("--bogus").contains("loomy filters --help");
    }

    @Test
    void theMainCommandRefusesABrokenConfigBeforeAnyWork() throws Exception {
        Path file = config("filters:\n  Loop: {chain: [loop]}\n");
        Path out = dir.resolve("out");

        Cli run = Cli.run("--config=" + file, "-o", out.toString(), dir.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo("loomy: " + file
                + ":2: chain 'Loop' leads back to itself: Loop -> Loop (a chain cannot contain itself)\n");
        assertThat(out).doesNotExist();
    }

    @Test
    void anUnknownFilterIsExitTwoWithTheKnownNames() throws Exception {
        Path file = config("filters:\n  Poster: {kind: Cartoon2, red: 6}\n");

        Cli run = Cli.run("--config=" + file, "--filter=NoSuch", "-o", dir.resolve("out").toString(), "x");

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).isEqualTo(
                "loomy: unknown filter 'NoSuch' (known: NoOp, Cartoon2, ALTMRetinex, Gray, Canny, SepiaGray, SepiaRed, "
                + "Invert, GammaCorrection, EdgePreserving, DetailEnhance, Sobelo, Gotham, HighContrast, PixelSepia, "
                + "Vignetting, Lark, Mayfair, Valencia, Walden, Cartoon, Poster)\n");
    }
}
