package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;

/** A report, chart or timeline path that cannot be written is refused before any work. */
class ReportPathsTest {

    @TempDir
    Path dir;

    private Run runWith(String option) throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 8, 8);
        return Run.of("--strategy=loop", "-o", dir.resolve("out").toString(), option, in.toString());
    }

    private void assertRefused(Run run, String message) {
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
    void aChartThatIsNotAPng() throws Exception {
        assertRefused(runWith("--timeline=" + dir.resolve("t.jpg")), ".png");
    }

    @Test
    void allThreeAreWrittenAfterTheRun() throws Exception {
        Run run = runWith("--report=" + dir.resolve("r.md"));
        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Files.readString(dir.resolve("r.md"))).contains("| Strategy | Filter |").contains("| loop | NoOp |");
    }
}
