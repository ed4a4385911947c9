package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.filter.Kind;

/**
 * docs/filters.md against loomy: each built-in's section, its thumbnail and its parameter table,
 * which must be what {@code loomy filters NAME --format=markdown} prints now
 * ({@code scripts/filters-doc.sh} remakes them).
 */
class FiltersDocTest {

    /** Maven runs the tests in the project's folder. */
    private static final Path DOC = Path.of("docs/filters.md");

    private static final Pattern TABLE = Pattern.compile(
            "<!-- parameters: loomy filters (\\w+) --format=markdown -->\n(.*?)<!-- end of parameters -->", Pattern.DOTALL);

    @TempDir
    static Path dir;

    static Stream<String> kinds() {
        return Kind.all().stream().map(Kind::name);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void eachBuiltInHasItsSectionThumbnailAndTheParameterTableLoomyPrints(String name) throws Exception {
        String doc = Files.readString(DOC);
        String table = null;
        Matcher tables = TABLE.matcher(doc);
        while (tables.find()) {
            if (tables.group(1).equals(name)) {
                assertThat(table).as("one table for %s", name).isNull();
                table = tables.group(2);
            }
        }

        assertThat(doc).containsPattern("(?m)^## (\\w+ and )?" + name + "( and \\w+)?$");
        assertThat(doc).contains("![" + name + "](filters/" + name + ".jpg)");
        assertThat(DOC.resolveSibling("filters").resolve(name + ".jpg")).isRegularFile();
        assertThat(table).as("the parameters of %s in %s: run scripts/filters-doc.sh", name, DOC)
                .isEqualTo(markdown(name));
    }

    @Test
    void everyTableIsOfABuiltIn() throws Exception {
        Matcher tables = TABLE.matcher(Files.readString(DOC));
        while (tables.find()) {
            assertThat(Kind.find(tables.group(1))).as(tables.group(1)).isPresent();
        }
    }

    /** What {@code loomy filters NAME --format=markdown} prints with no filters file of the user's. */
    private static String markdown(String name) throws Exception {
        Path none = Files.writeString(dir.resolve("none.yaml"), "filters:\n");
        Cli run = Cli.run("filters", "--config=" + none, "--format=markdown", name);
        assertThat(run.status()).as(run.err()).isZero();
        return run.out();
    }
}
