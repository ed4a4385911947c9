package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** A report, chart or timeline path that cannot be written is refused before any work. */
class ReportPathsTest {

    @TempDir
    Path dir;

    private Cli runWith(String option) throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 8, 8);
        return Cli.run("--strategy=loop", "-o", dir.resolve("out").toString(), option, in.toString());
    }

    private void assertRefused(Cli run, String message) {
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines()).hasSize(1);
        assertThat(run.err()).startsWith("loomy: ").contains(message);
        assertThat(run.out()).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void anUnknownReportExtension() throws Exception {
        assertRefused(runWith("--report=" + dir.resolve("results.xlsx")), "unknown extension");
    }

    @Test
    void aMissingFolder() throws Exception {
        assertRefused(runWith("--chart=" + dir.resolve("nowhere/chart.png")), "does not exist");
        assertRefused(runWith("--report=" + dir.resolve("nowhere/r.json")), "does not exist");
    }

    @Test
    void aFolderInPlaceOfTheFile() throws Exception {
        Files.createDirectories(dir.resolve("taken.png"));
        assertRefused(runWith("--timeline=" + dir.resolve("taken.png")), "is a folder");
    }

    @Test
    void aFileInPlaceOfTheFolder() throws Exception {
        Files.writeString(dir.resolve("plain"), "x");
        assertRefused(runWith("--chart=" + dir.resolve("plain/chart.png")), "is not a folder");
    }

    @Test
    void anExportIntoAnOutputFoldersStateIsRefused() throws Exception {
        // Another run's manifest and lock: an export written over them would undo --incremental's record and lock.
        Path state = Files.createDirectories(dir.resolve("other/.loomy"));
        Files.writeString(state.resolve("manifest"), "{}\n");
        assertRefused(runWith("--export-json=" + state.resolve("manifest")), "where loomy keeps a run's manifest and lock");
        assertRefused(runWith("--export-csv=" + state.resolve("lock")), "where loomy keeps a run's manifest and lock");
        assertThat(Files.readString(state.resolve("manifest"))).isEqualTo("{}\n");
        assertThat(state.resolve("lock")).doesNotExist();
    }

    @Test
    void aChartThatIsNotAPng() throws Exception {
        assertRefused(runWith("--timeline=" + dir.resolve("t.jpg")), ".png");
    }

    @Test
    void allThreeAreWrittenAfterTheRun() throws Exception {
        Cli run = runWith("--report=" + dir.resolve("r.md"));
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Files.readString(dir.resolve("r.md"))).contains("| Strategy | Filter |").contains("| loop | NoOp |");
    }

    @Test
    void aChartOntoAnOutputImageIsRefused() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 8, 8);
        Path out = Files.createDirectories(dir.resolve("out"));

        Cli run = Cli.run("--strategy=loop", "-o", out.toString(), "--chart=" + out.resolve("img01.png"), in.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines().toList()).singleElement().asString()
                .startsWith("loomy: --chart=" + out.resolve("img01.png") + ": ").contains(in.resolve("img01.png").toString());
        assertThat(out).isEmptyDirectory();
    }

    @Test
    void aTimelineOrChartOntoAnOutputImageOfOneOfSeveralRunsIsRefused() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 8, 8);
        Path out = dir.resolve("out");
        Path taken = out.resolve("NoOp/pool/img00.png");
        // As an earlier run left it: the folders are there, so only the image's name is at stake.
        Files.createDirectories(taken.getParent());

        for (String option : new String[] {"--timeline=" + taken, "--chart=" + out.resolve("NoOp/../NoOp/pool/img00.png")}) {
            Cli run = Cli.run("--strategy=loop,pool", "--no-fork", "-o", out.toString(), option, in.toString());

            assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.USAGE);
            assertThat(run.err().lines().toList()).singleElement().asString().contains(option + ": ")
                    .contains("output of " + in.resolve("img00.png"));
            assertThat(taken.getParent()).isEmptyDirectory();
        }
    }

    @Test
    void aChartOntoAnOutputImageThroughALinkedRunFolderIsRefused() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 8, 8);
        Path out = dir.resolve("out");
        // An earlier run's folder that is a link: the image goes through it, and so would the chart.
        Files.createDirectories(out.resolve("kept/pool"));
        Files.createSymbolicLink(out.resolve("NoOp"), out.resolve("kept"));
        String option = "--chart=" + out.resolve("NoOp/pool/img00.png");

        Cli run = Cli.run("--strategy=loop,pool", "--no-fork", "-o", out.toString(), option, in.toString());

        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(option + ": ").contains("output of " + in.resolve("img00.png"));
        assertThat(out.resolve("kept/pool")).isEmptyDirectory();
    }

    @Test
    void aChartInTheOutputFolderThatTheRunMakesIsWritten() throws Exception {
        Path out = dir.resolve("out");

        Cli run = runWith("--chart=" + out.resolve("chart.png"));

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(out.resolve("chart.png")).isNotEmptyFile();
        assertThat(out.resolve("img00.png")).isNotEmptyFile();
    }

    @Test
    void aReportFolderThatTakesNoFilesIsRefusedBeforeAnyImage() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a /proc file system");
        for (String option : new String[] {"--report=/proc/r.csv", "--chart=/proc/c.png"}) {
            Cli run = runWith(option);

            assertRefused(run, option + ": cannot be written: ");
            assertThat(run.err()).doesNotContain("loomy-tmp").doesNotContain("Exception");
        }
    }

    @Test
    void anOutputFolderThatCannotBeMadeIsRefusedBeforeAnyImage() throws Exception {
        assumeTrue(Files.isDirectory(Path.of("/proc/self")), "a /proc file system");
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 8, 8);

        Cli run = Cli.run("--strategy=loop", "-o", "/proc/loomy-out", in.toString());

        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines().toList()).singleElement().asString()
                .startsWith("loomy: output folder /proc/loomy-out cannot be written: ").doesNotContain("Exception");
        assertThat(run.out()).isEmpty();
    }
}
