package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.results.BaselineComparison;
import dev.loomy.results.Measurement;
import dev.loomy.results.RowComparison;
import dev.loomy.results.Schema;
import dev.loomy.results.Summary;
import dev.loomy.results.Verdict;
import dev.loomy.results.Outcome;
import dev.loomy.results.Results;
import dev.loomy.results.TestResults;

/** The table fits the width it says it fits: no printed line is wider. */
class TableWidthTest {

    private static final String LONG_VARIANT = "Cartoon2[red=20,green=200]";

    private static String render(Results results, int width) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new TableFormat(width, false).write(results, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void aTableThatCannotFitDoesNotSayItFits(int width) {
        // A name with nowhere to break it, wider than any terminal here.
        String unbreakable = "N".repeat(130);
        Results results = TestResults.of(List.of(row("loop", unbreakable, Map.of(), 400, 410, 420)),
                SampleResults.MACHINE, SampleResults.options("3", "local", null), false, true);
        String text = render(results, width);
        assertThat(text).doesNotContain("to fit " + width).contains("still wider than " + width + " columns");
    }

    @org.junit.jupiter.api.Test
    void theLongNamesAreBrokenOnlyWhereTheTableIsTooWide() {
        assertThat(TableFormat.broken("Cartoon2[red=20,green=200]")).isEqualTo("Cartoon2[\nred=20,\ngreen=200]");
        assertThat(render(scanWithLongNames(), 200)).contains("Cartoon2[red=20,green=200]  ");
    }

    private static Measurement row(String strategy, String filter, Map<String, String> scan, long... wallMs) {
        return new Measurement(strategy, filter, 200, 1, java.util.Arrays.stream(wallMs)
                .mapToObj(ms -> SampleResults.run(ms, 200)).toList(), Outcome.OK, null).at(scan);
    }

    /** Every strategy against a long variant name and NoOp, at each point of a scan of --parallelism. */
    private static Results scanWithLongNames() {
        List<Measurement> rows = new ArrayList<>();
        for (String strategy : List.of("loop", "pool", "virtual-priority")) {
            for (String p : List.of("1", "2", "4")) {
                for (String filter : List.of("NoOp", LONG_VARIANT)) {
                    rows.add(row(strategy, filter, Map.of("parallelism", p), 4123, 3987, 10544));
                }
            }
        }
        return TestResults.of(rows, SampleResults.MACHINE, SampleResults.options("3", "local", null), false, true);
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void noLineIsWiderThanTheWidthWithLongNamesAndAScan(int width) {
        String text = render(scanWithLongNames(), width);
        assertThat(text.lines().filter(line -> line.length() > width).toList()).as(text).isEmpty();
        assertThat(text).contains("parallelism");
    }

    /** The scan with long names, each row compared with a baseline: one regressed, the others not, one with a single run. */
    private static Results scanWithABaseline() {
        Results results = scanWithLongNames();
        List<RowComparison> compared = new ArrayList<>();
        Verdict[] verdicts = Verdict.values();
        int i = 0;
        for (Summary s : results.summaries()) {
            Verdict verdict = verdicts[i % verdicts.length];
            compared.add(new RowComparison(Schema.keyOf(s), 1234.56, i % 2 == 0 ? -12.3 : 150.0, verdict,
                    verdict == Verdict.UNKNOWN ? Double.NaN : 8.7 + i));
            i++;
        }
        return results.comparedWith(new BaselineComparison("base.json", List.of(), compared));
    }

    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void aBaselinesFiguresFitTheWidthToo(int width) {
        String text = render(scanWithABaseline(), width);
        assertThat(text.lines().filter(line -> line.length() > width).toList()).as(text).isEmpty();
        assertThat(text).as(text).contains("Baseline", "Verdict", "1234.56", "-12.3±8.7", "+150±10", "regressed",
                "too few runs").doesNotContain("still wider");
    }
}
