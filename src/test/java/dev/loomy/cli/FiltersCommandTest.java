package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.run.ExitCodes;

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
    void dashQIsQuietHereAsOnEveryCommand() {
        Cli quiet = Cli.run("filters", "-q", "--names");
        Cli alone = Cli.run("filters", "--quiet");

        assertThat(quiet.status()).as(quiet.err()).isEqualTo(ExitCodes.OK);
        assertThat(quiet.out().lines()).contains("NoOp", "Cartoon2");
        assertThat(quiet.err()).isEmpty();
        assertThat(alone.status()).as(alone.err()).isEqualTo(ExitCodes.OK);
        Main.COMMANDS.forEach((name, command) -> assertThat(new picocli.CommandLine(command.apply(System.out, System.err))
                .getCommandSpec().findOption("-q")).as("loomy %s -q", name).isNotNull());
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

    @Test
    void withANameShowsThatFiltersParametersWithTheirTypeDefaultAndRange() throws Exception {
        Path file = config("filters:\n  Poster: {kind: Cartoon2, red: 6}\n");

        Cli run = Cli.run("filters", "--config=" + file, "altmretinex");

        assertThat(run.status()).isZero();
        assertThat(run.err()).isEmpty();
        assertThat(run.out()).isEqualTo("""
                ALTMRetinex: tone mapping: shadows lifted, detail kept
                Kind ALTMRetinex, built-in.

                PARAMETER    TYPE     DEFAULT  RANGE
                r            integer  10       1..46340
                eps          real     0.01     (0, 100]
                eta          real     36.0     (0, 1000]
                lambda       real     10.0     (0, 1000]
                kernelRatio  real     0.1      (0, 1]
                """);
    }

    @Test
    void aFilterOfTheFileShowsItsOwnValuesBesideTheDefaults() throws Exception {
        Path file = config("filters:\n  Edges: {kind: Canny, threshold1: 50, inverted: false}\n");

        Cli run = Cli.run("filters", "--config=" + file, "Edges");

        assertThat(run.status()).isZero();
        assertThat(run.out()).isEqualTo("Edges: white edges on black\nKind Canny, defined at " + file + " line 2.\n\n" + """
                PARAMETER   TYPE     VALUE  DEFAULT  RANGE
                threshold1  integer  50     100      0..1530
                threshold2  integer  200    200      0..1530
                inverted    flag     false  true     true or false
                """);
    }

    @Test
    void aChainShowsItsStepsAndAKindWithoutParametersSaysSo() throws Exception {
        Path file = config("filters:\n  Night: {chain: [Gray, Invert]}\n");

        assertThat(Cli.run("filters", "--config=" + file, "night").out()).isEqualTo("""
                Night: its steps, in order
                A chain, defined at %s line 2: Gray -> Invert
                """.formatted(file));
        assertThat(Cli.run("filters", "--config=" + file, "SepiaRed").out()).isEqualTo("""
                SepiaRed: red-brown sepia
                Kind SepiaRed, built-in.

                No parameters.
                """);
    }

    @Test
    void inMarkdownItIsTheParametersTableAlone() throws Exception {
        Path file = config("filters:\n");

        Cli one = Cli.run("filters", "--config=" + file, "--format=markdown", "Cartoon");
        Cli all = Cli.run("filters", "--config=" + file, "--format=markdown");

        assertThat(one.status()).isZero();
        assertThat(one.out()).isEqualTo("""
                | parameter | type | default | range |
                | --- | --- | --- | --- |
                | d | integer | 13 | 1..25 |
                | sigmaColor | integer | 13 | 0..1000 |
                | sigmaSpace | integer | 7 | 0..1000 |
                | ksize | integer | 7 | 1..255 |
                | maxValue | real | 255.0 | [0, 255] |
                | blockSize | integer | 9 | 3..255 |
                | C | integer | 2 | -255..255 |
                """);
        assertThat(all.out()).startsWith("Filters from " + file + "\n\n| name | kind | defined | description | parameters |\n"
                + "| --- | --- | --- | --- | --- |\n| NoOp | NoOp | built-in | changes nothing: reading and writing alone | none |\n");
    }

    @Test
    void aMistypedNameIsExitTwoWithTheClosestName() throws Exception {
        Path file = config("filters:\n  Poster: {kind: Cartoon2, red: 6}\n");

        Cli close = Cli.run("filters", "--config=" + file, "Postr");
        Cli far = Cli.run("filters", "--config=" + file, "Sepia");
        Cli nothing = Cli.run("filters", "--config=" + file, "Blur");

        assertThat(close.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(close.out()).isEmpty();
        assertThat(close.err()).isEqualTo("loomy: unknown filter 'Postr' (did you mean Poster?)\n");
        assertThat(far.err()).isEqualTo("loomy: unknown filter 'Sepia' (did you mean SepiaGray or SepiaRed?)\n");
        assertThat(nothing.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(nothing.err()).startsWith("loomy: unknown filter 'Blur' (known: NoOp, Cartoon2, ").endsWith(", Poster)\n");
    }
}
