package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.results.BaselineComparison;
import dev.loomy.results.Measurement;
import dev.loomy.results.Provenance;
import dev.loomy.results.Reference;
import dev.loomy.results.Results;
import dev.loomy.results.RowComparison;
import dev.loomy.results.RowKey;
import dev.loomy.results.RunOrder;
import dev.loomy.results.Verdict;

/**
 * Every format of one set of results made of fixed figures, compared character for character
 * with its golden file under {@code src/test/resources/golden/results/}, and so is every format
 * of the json read back. Under a locale whose decimal separator is a comma (de-DE), every format
 * is the same text: a decimal point, never a comma, so that csv keeps its columns and json stays
 * json. After a deliberate change of a format, {@code -Dloomy.golden.update=true} writes the files
 * anew, to be read before they are committed.
 */
class GoldenFormatsTest {

    private static final Path GOLDEN = Path.of("src/test/resources/golden/results");
    private static final Locale BEFORE = Locale.getDefault();
    private static final Locale BEFORE_FORMAT = Locale.getDefault(Locale.Category.FORMAT);

    @TempDir
    Path dir;

    @AfterEach
    void restoreLocale() {
        Locale.setDefault(BEFORE);
        Locale.setDefault(Locale.Category.FORMAT, BEFORE_FORMAT);
    }

    /** loop, virtual, virtual-priority's lanes and a crash (SampleResults), compared with a baseline, interleaved from a seed. */
    static Results results() {
        Results sample = SampleResults.results();
        Results dated = new Results(sample.measurements(), sample.machine(), sample.options(), false, true,
                Reference.DEFAULT, Map.of("virtual-priority", List.of("priority 1", "priority 10")), null,
                new Provenance("1.2.3", "2026-01-02T03:04:05Z", new RunOrder(RunOrder.INTERLEAVED, 42L,
                        List.of(List.of("virtual", "loop"), List.of("loop", "virtual")), null)));
        Measurement loop = sample.measurements().get(0);
        Measurement virtual = sample.measurements().get(1);
        return dated.comparedWith(new BaselineComparison("base.json", List.of("baseline base.json was measured on "
                + "another JDK (Test JDK 21; now Test JDK 25)"), List.of(
                new RowComparison(new RowKey(loop.strategy(), loop.filter(), Map.of()), 10.5, -7.125, Verdict.NO_CHANGE),
                new RowComparison(new RowKey(virtual.strategy(), virtual.filter(), Map.of()), 12.25, 63.265,
                        Verdict.IMPROVED))));
    }

    static List<Locale> locales() {
        return List.of(Locale.ROOT, Locale.GERMANY);
    }

    static List<Arguments> formatsAndLocales() {
        return locales().stream().flatMap(locale -> List.of(
                Arguments.of("results.table.txt", new TableFormat(100, true), locale),
                Arguments.of("results.md", new MarkdownFormat(), locale),
                Arguments.of("results.csv", new CsvFormat(), locale),
                Arguments.of("results.json", new JsonFormat(), locale)).stream()).toList();
    }

    @ParameterizedTest(name = "{0} in {2}")
    @MethodSource("formatsAndLocales")
    void eachFormatIsItsGoldenFile(String golden, ResultFormat format, Locale locale) throws IOException {
        inLocale(locale);

        String actual = render(format, results());
        if (Boolean.getBoolean("loomy.golden.update") && locale.equals(Locale.ROOT)) {
            Files.createDirectories(GOLDEN);
            Files.writeString(GOLDEN.resolve(golden), actual);
        }

        assertGolden(golden, actual);
    }

    @ParameterizedTest(name = "{0} of the json read back in {2}")
    @MethodSource("formatsAndLocales")
    void eachFormatOfTheJsonReadBackIsItsGoldenFile(String golden, ResultFormat format, Locale locale)
            throws IOException {
        inLocale(locale);
        Path saved = Files.writeString(dir.resolve("saved.json"), Files.readString(GOLDEN.resolve("results.json")));

        assertGolden(golden, render(format, SavedResults.read(saved)));
    }

    @ParameterizedTest(name = "in {0}")
    @MethodSource("locales")
    void eachRowsColumnsAreReadBackByTheSchemaAsJsonHasThem(Locale locale) throws IOException {
        inLocale(locale);
        Path saved = Files.writeString(dir.resolve("saved.json"), Files.readString(GOLDEN.resolve("results.json")));

        List<SavedRow> rows = SavedResults.open(saved).rows();

        assertThat(rows).extracting(row -> row.text("strategy")).containsExactly("loop", "virtual",
                "virtual-priority", "threads");
        assertThat(rows.get(0).decimal("images_per_sec")).isEqualTo(9.756);
        assertThat(rows.get(0).decimal("baseline_images_per_sec")).isEqualTo(10.5);
        assertThat(rows.get(1).text("change")).isEqualTo("improved");
        assertThat(rows.get(3).text("outcome")).isEqualTo("crashed");
        assertThat(rows.get(3).decimal("images_per_sec")).isNaN();
        assertThat(rows.get(0).count("runs", -1)).isEqualTo(3);
        // Columns no reader names: the schema's own.
        assertThat(rows.get(1).flag("differs")).isFalse();
        assertThat(rows.get(1).decimal("time_ms_ci_high")).isEqualTo(448.414);
    }

    private static void inLocale(Locale locale) {
        Locale.setDefault(locale);
        Locale.setDefault(Locale.Category.FORMAT, locale);
    }

    private static String render(ResultFormat format, Results results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        format.write(results, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void assertGolden(String name, String actual) throws IOException {
        assertThat(actual).as(name).isEqualTo(Files.readString(GOLDEN.resolve(name)));
    }
}
