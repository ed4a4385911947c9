package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.report.CsvFormat;

/**
 * No csv loomy writes makes a spreadsheet run a formula: a cell that starts like one (a file named
 * {@code =HYPERLINK(...).png}) is shown as text; negative numbers stay numbers.
 */
class CsvInjectionTest {

    @TempDir
    Path dir;

    @Test
    void imageNamesThatStartLikeFormulasAreTextInDiffsCsv() {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        List<String> names = List.of("=1+1.png", "@SUM(A1).png", "+cmd.png", "-2+3.png");
        for (int i = 0; i < names.size(); i++) {
            TestImages.write(a.resolve(names.get(i)), 12, 10, i);
            TestImages.write(b.resolve(names.get(i)), 12, 10, i);
        }

        Cli csv = Cli.run("diff", "--format=csv", a.toString(), b.toString());

        assertThat(csv.status()).as(csv.err()).isZero();
        List<String> firstCells = csv.out().lines().skip(1).map(line -> line.split(",", -1)[0]).toList();
        assertThat(firstCells).containsExactlyInAnyOrder("'=1+1.png", "'@SUM(A1).png", "'+cmd.png", "'-2+3.png", "");
    }

    @Test
    void everyCellThatStartsLikeAFormulaIsNeutralisedButNumbersAreKept() {
        assertThat(CsvFormat.escape("=cmd|' /C calc'!A0")).isEqualTo("'=cmd|' /C calc'!A0");
        // A tab or carriage return is shown escaped, as on standard error: no longer a formula's start.
        assertThat(CsvFormat.escape("\tx")).isEqualTo("\\tx");
        assertThat(CsvFormat.escape("\r=1")).isEqualTo("\\r=1");
        assertThat(CsvFormat.escape("-1+2,3")).isEqualTo("\"'-1+2,3\"");
        assertThat(CsvFormat.escape("-12.5")).isEqualTo("-12.5");
        assertThat(CsvFormat.escape("-3e-4")).isEqualTo("-3e-4");
        assertThat(CsvFormat.escape("+7")).isEqualTo("+7");
        assertThat(CsvFormat.escape("Cartoon2[red=-5]")).isEqualTo("Cartoon2[red=-5]");
        assertThat(CsvFormat.escape("")).isEmpty();
    }
}
