package dev.loomy.filter.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.filter.Filter;

/**
 * A run takes the built-ins for the packaged filters.yaml without parsing it
 * ({@link FiltersFileLoader#loadFilters}): that holds only while the file restates them exactly.
 */
class PackagedDefaultTest {

    @TempDir
    Path dir;

    /** What a run can tell of a filter: its name, algorithm, values and description. */
    private static List<String> described(FilterCatalog catalog) {
        return catalog.entries().stream().map(FilterCatalog.Entry::filter).map(PackagedDefaultTest::described).toList();
    }

    private static String described(Filter filter) {
        return filter.name() + " " + filter.kind() + " " + filter.parameters() + " " + filter.flags() + " "
                + filter.description();
    }

    @Test
    void thePackagedFileRestatesTheBuiltInsExactly() throws Exception {
        FilterCatalog parsed = FiltersFileLoader.packaged();
        FilterCatalog taken = FiltersFileLoader.loadFilters(null, dir);

        assertThat(described(taken)).isNotEmpty().containsExactlyElementsOf(described(parsed));
        assertThat(taken.packaged()).isTrue();
        assertThat(taken.source()).isEqualTo(parsed.source());
    }

    @Test
    void aLocalCopyOfThePackagedFileIsTakenAsTheBuiltInsUnderItsOwnName() throws Exception {
        Path local = Files.writeString(dir.resolve(FiltersFileLoader.FILE_NAME), FiltersFileLoader.packagedText());

        FilterCatalog taken = FiltersFileLoader.loadFilters(null, dir);

        assertThat(described(taken)).containsExactlyElementsOf(described(FiltersFileLoader.packaged()));
        assertThat(taken.packaged()).isFalse();
        assertThat(taken.source()).isEqualTo(local.toString());
    }

    @Test
    void aFileThatDiffersByOneValueIsParsed() throws Exception {
        String text = FiltersFileLoader.packagedText().replace("red: 80", "red: 81");
        assertThat(text).isNotEqualTo(FiltersFileLoader.packagedText());
        Path file = Files.writeString(dir.resolve("mine.yaml"), text);

        FilterCatalog taken = FiltersFileLoader.loadFilters(file, dir);

        assertThat(taken.registry().require("Cartoon2").parameters()).containsEntry("red", 81);
        assertThat(taken.source()).isEqualTo(file.toString());
    }
}
