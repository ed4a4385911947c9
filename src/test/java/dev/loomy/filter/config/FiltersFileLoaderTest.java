package dev.loomy.filter.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Cartoon2;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.Kind;
import dev.loomy.filter.NoOp;
import dev.loomy.filter.UnknownFilterException;

class FiltersFileLoaderTest {

    @TempDir
    Path dir;

    private static Map<String, Number> params(Object... keysAndValues) {
        Map<String, Number> map = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            map.put((String) keysAndValues[i], (Number) keysAndValues[i + 1]);
        }
        return map;
    }

    private static final Map<String, Number> CARTOON2 = params("red", 80, "green", 15, "blue", 10);
    private static final Map<String, Number> ALTM = params("r", 10, "eps", 0.01, "eta", 36.0, "lambda", 10.0,
            "kernelRatio", 0.1);

    /** Every built-in's name, in order, followed by {@code more}. */
    private static String[] builtInsAnd(String... more) {
        List<String> names = new java.util.ArrayList<>(Kind.all().stream().map(Kind::name).toList());
        names.addAll(List.of(more));
        return names.toArray(String[]::new);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void aNameMayHoldACommaAndIsFoundInDoubleQuotesToo() throws Exception {
        Path file = write("comma.yaml", "filters:\n  Soft,Warm: {kind: Cartoon2, red: 6}\n  Both: {chain: [\"soft,warm\", Gray]}\n");
        FilterRegistry registry = FiltersFileLoader.load(file, dir).registry();

        assertThat(registry.require("Soft,Warm").parameters()).containsEntry("red", 6);
        // As -f gives it: picocli keeps a quoted part whole, quotes and all.
        assertThat(registry.require("\"soft,warm\"")).isSameAs(registry.require("Soft,Warm"));
        assertThat(((Chain) registry.require("Both")).steps()).extracting(Filter::name).containsExactly("Soft,Warm", "Gray");
        assertThatThrownBy(() -> registry.require("Soft")).isInstanceOf(UnknownFilterException.class)
                .hasMessageStartingWith("unknown filter 'Soft' (did you mean Soft,Warm?)")
                .hasMessageEndingWith("; a name with a comma goes in double quotes: -f '\"Soft,Warm\"'");
        assertThatThrownBy(() -> registry.require("\"Nope\"")).hasMessageStartingWith("unknown filter 'Nope' (known: ")
                .hasMessageEndingWith("Both)");
    }

    @Test
    void thePackagedDefaultGivesTheBuiltInsWithOrigamisParameters() throws Exception {
        FilterCatalog catalog = FiltersFileLoader.packaged();

        assertThat(catalog.packaged()).isTrue();
        assertThat(catalog.entries()).extracting(e -> e.filter().name()).containsExactly(builtInsAnd());
        assertThat(catalog.entries()).extracting(FilterCatalog.Entry::kind).containsExactly(builtInsAnd());
        // Every filter the file lists has the built-in's own parameters.
        for (Kind kind : Kind.all()) {
            assertThat(catalog.registry().require(kind.name()).parameters()).as(kind.name())
                    .containsExactlyEntriesOf(kind.builtIn().parameters());
        }
        FilterRegistry registry = catalog.registry();
        assertThat(registry.require("noop")).isInstanceOf(NoOp.class);
        assertThat(registry.require("cartoon2")).isInstanceOf(Cartoon2.class);
        assertThat(registry.require("Cartoon2").parameters()).containsExactlyEntriesOf(CARTOON2);
        assertThat(registry.require("altmretinex")).isInstanceOf(AltmRetinex.class);
        assertThat(registry.require("ALTMRetinex").parameters()).containsExactlyEntriesOf(ALTM);
        // The file defines them: their lines are known.
        assertThat(catalog.entries()).allSatisfy(e -> assertThat(e.line()).isPositive());
    }

    @Test
    void thePackagedDefaultIsTheRepositorysFilesYaml() throws Exception {
        try (InputStream packaged = FiltersFileLoader.class.getResourceAsStream(FiltersFileLoader.FILE_NAME)) {
            assertThat(packaged).isNotNull();
            // Maven runs the tests in the project's folder, where the repository's filters.yaml is.
            assertThat(packaged.readAllBytes()).isEqualTo(Files.readAllBytes(Path.of("filters.yaml")));
        }
    }

    @Test
    void theCommentedExamplesOfTheDefaultWorkWhenUncommented() throws Exception {
        String text = Files.readString(Path.of("filters.yaml"));
        int filters = text.indexOf("\nfilters:\n");
        String uncommented = text.substring(0, filters) + text.substring(filters).replaceAll("(?m)^(\\s*)# ", "$1");

        FilterRegistry registry = FiltersFileLoader.parse("filters.yaml", false, uncommented).registry();

        assertThat(registry.names()).containsExactly(builtInsAnd("Poster", "BrightPoster", "GrayNegative"));
        assertThat(registry.require("Poster")).isInstanceOf(Cartoon2.class);
        assertThat(registry.require("Poster").parameters()).containsExactlyEntriesOf(params("red", 6, "green", 6,
                "blue", 6));
        assertThat(((Chain) registry.require("BrightPoster")).steps()).extracting(Filter::name)
                .containsExactly("ALTMRetinex", "Poster");
        assertThat(((Chain) registry.require("GrayNegative")).steps()).extracting(Filter::name)
                .containsExactly("Gray", "Invert", "Vignetting");
    }

    @Test
    void aUserFilterTakesItsValuesAndTheKindsDefaultsForTheRest() throws Exception {
        Path file = write("mine.yaml", """
                filters:
                  Poster: {kind: Cartoon2, red: 6, blue: 4}
                  Night:
                    kind: altmretinex
                    eta: 20
                    kernelRatio: 0.2
                  Nothing: {kind: NoOp}
                """);

        FilterCatalog catalog = FiltersFileLoader.read(file);

        assertThat(catalog.source()).isEqualTo(file.toString());
        assertThat(catalog.packaged()).isFalse();
        FilterRegistry registry = catalog.registry();
        assertThat(registry.names()).containsExactly(builtInsAnd("Poster", "Night", "Nothing"));
        assertThat(registry.require("poster")).isInstanceOf(Cartoon2.class);
        assertThat(registry.require("poster").name()).isEqualTo("Poster");
        assertThat(registry.require("poster").parameters()).containsExactlyEntriesOf(params("red", 6, "green", 15,
                "blue", 4));
        assertThat(registry.require("NIGHT").parameters()).containsExactlyEntriesOf(params("r", 10, "eps", 0.01,
                "eta", 20.0, "lambda", 10.0, "kernelRatio", 0.2));
        assertThat(registry.require("nothing")).isInstanceOf(NoOp.class);
        assertThat(registry.require("nothing").name()).isEqualTo("Nothing");
        // Built-ins the file leaves out keep their defaults and have no line.
        assertThat(registry.require("Cartoon2").parameters()).containsExactlyEntriesOf(CARTOON2);
        int builtIns = Kind.all().size();
        assertThat(catalog.entries()).extracting(FilterCatalog.Entry::line).startsWith(0, 0, 0).endsWith(0, 2, 3, 7)
                .hasSize(builtIns + 3);
        assertThat(catalog.entries()).extracting(FilterCatalog.Entry::kind).containsExactly(
                builtInsAnd("Cartoon2", "ALTMRetinex", "NoOp"));
    }

    @Test
    void chainsReferToFiltersByNameInAnyCaseAndInAnyOrder() throws Exception {
        FilterCatalog catalog = FiltersFileLoader.parse("filters.yaml", false, """
                filters:
                  Twice: {chain: [brightposter, NOOP, BrightPoster]}
                  BrightPoster:
                    chain:
                      - altmretinex
                      - poster
                  Poster: {kind: Cartoon2, red: 6, green: 6, blue: 6}
                """);

        FilterRegistry registry = catalog.registry();
        Chain twice = (Chain) registry.require("twice");
        Chain bright = (Chain) registry.require("brightposter");
        assertThat(twice.steps()).containsExactly(bright, registry.require("NoOp"), bright);
        assertThat(bright.steps()).containsExactly(registry.require("ALTMRetinex"), registry.require("Poster"));
        assertThat(twice.parameters()).isEmpty();
        assertThat(twice.steps()).extracting(Filter::name).containsExactly("BrightPoster", "NoOp", "BrightPoster");
        assertThat(catalog.entries()).extracting(FilterCatalog.Entry::kind).endsWith("chain", "chain", "Cartoon2");
    }

    @Test
    void aFileMayGiveABuiltInOtherValuesWhichChainsThenUse() throws Exception {
        FilterCatalog catalog = FiltersFileLoader.parse("filters.yaml", false, """
                filters:
                  Both: {chain: [cartoon2, NoOp]}
                  CARTOON2: {kind: Cartoon2, red: 20}
                """);

        FilterRegistry registry = catalog.registry();
        assertThat(registry.names()).startsWith("NoOp", "CARTOON2", "ALTMRetinex").endsWith("Cartoon", "Both");
        Filter cartoon = registry.require("Cartoon2");
        assertThat(cartoon.parameters()).containsExactlyEntriesOf(params("red", 20, "green", 15, "blue", 10));
        assertThat(((Chain) registry.require("both")).steps().get(0)).isSameAs(cartoon);
    }

    @Test
    void anUnknownNameGivenToTheRegistryOffersTheClosestOne() throws Exception {
        FilterRegistry registry = FiltersFileLoader.parse("filters.yaml", false,
                "filters:\n  Poster: {kind: Cartoon2, red: 6}\n").registry();

        assertThatThrownBy(() -> registry.require("Postr")).isInstanceOf(UnknownFilterException.class)
                .hasMessage("unknown filter 'Postr' (did you mean Poster?)");
    }

    @Test
    void anEmptyFileOrAnEmptyFiltersMappingLeavesTheBuiltIns() throws Exception {
        for (String text : List.of("", "# nothing yet\n", "filters:\n", "filters: {}\n")) {
            assertThat(FiltersFileLoader.parse("filters.yaml", false, text).registry().names())
                    .as(text).containsExactly(builtInsAnd());
        }
    }

    @Test
    void configWinsOverTheWorkingFoldersFileWhichWinsOverThePackagedOne() throws Exception {
        Path work = Files.createDirectory(dir.resolve("work"));
        Files.writeString(work.resolve("filters.yaml"), "filters:\n  Local: {kind: NoOp}\n");
        Path config = write("given.yaml", "filters:\n  Given: {kind: NoOp}\n");
        Path empty = Files.createDirectory(dir.resolve("empty"));

        assertThat(FiltersFileLoader.load(config, work).registry().names()).contains("Given").doesNotContain("Local");
        FilterCatalog local = FiltersFileLoader.load(null, work);
        assertThat(local.registry().names()).contains("Local");
        assertThat(local.source()).isEqualTo(work.resolve("filters.yaml").toString());
        FilterCatalog packaged = FiltersFileLoader.load(null, empty);
        assertThat(packaged.packaged()).isTrue();
        assertThat(packaged.registry().names()).containsExactly(builtInsAnd());
    }

    @Test
    void aMissingConfigFileIsAnErrorNotAFallBack() {
        Path missing = dir.resolve("nope.yaml");

        assertThatThrownBy(() -> FiltersFileLoader.load(missing, dir)).isInstanceOf(FiltersFileException.class)
                .hasMessage(missing + ": no such file");
    }

    @Test
    void aFolderOrNonUtf8FileCannotBeRead() throws Exception {
        Path notText = Files.write(dir.resolve("bin.yaml"), new byte[] {'f', ':', ' ', (byte) 0xC3, (byte) 0x28});

        assertThatThrownBy(() -> FiltersFileLoader.read(dir)).isInstanceOf(FiltersFileException.class)
                .hasMessage(dir + ": cannot read: it is a folder, not a file");
        assertThatThrownBy(() -> FiltersFileLoader.read(notText)).isInstanceOf(FiltersFileException.class)
                .hasMessage(notText + ": cannot read: not UTF-8 text");
    }

    @Test
    void errorsInAFileNameItsPath() throws Exception {
        Path file = write("bad.yaml", "filters:\n  Poster: {kind: Cartoon2, gren: 6}\n");

        assertThatThrownBy(() -> FiltersFileLoader.read(file)).isInstanceOf(FiltersFileException.class)
                .hasMessage(file + ":2: unknown key 'gren' in filter 'Poster' (expected: kind, red, green, blue)");
    }
}
