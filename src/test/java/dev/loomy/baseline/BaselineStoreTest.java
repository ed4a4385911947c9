package dev.loomy.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BaselineStoreTest {

    @TempDir
    Path home;

    @Test
    void aNameIsAFileUnderHomeBaselinesWhoseFolderIsMadeOnlyBySaving() throws Exception {
        BaselineStore store = new BaselineStore(home);
        Path file = store.forSaving("before-fix");
        assertThat(file).isEqualTo(home.resolve("baselines/before-fix.json"));
        // Not made before the run's writer checked where it is: LOOMY_HOME may lie among the inputs.
        assertThat(home.resolve("baselines")).doesNotExist();
        Files.createDirectories(file.getParent());
        Files.writeString(file, "{}");
        assertThat(store.forReading("before-fix")).isEqualTo(file);
    }

    @Test
    void aPathEndingInJsonIsReadAsIs() throws Exception {
        Path file = Files.writeString(home.resolve("ci-results.JSON"), "{}");
        assertThat(new BaselineStore(home).forReading(file.toString())).isEqualTo(file);
        assertThatThrownBy(() -> new BaselineStore(home).forReading(home.resolve("gone.json").toString()))
                .hasMessage("--baseline=" + home.resolve("gone.json") + ": no such file");
    }

    @Test
    void anUnknownNameListsTheSavedOnes() throws Exception {
        BaselineStore store = new BaselineStore(home);
        Files.createDirectories(store.folder());
        Files.writeString(store.forSaving("b"), "{}");
        Files.writeString(store.forSaving("a"), "{}");
        assertThatThrownBy(() -> store.forReading("c"))
                .hasMessage("--baseline=c: no baseline of that name in " + home.resolve("baselines") + " (saved: a, b)");
    }

    @Test
    void aNameThatIsAPathOrHiddenIsRefused() {
        BaselineStore store = new BaselineStore(home);
        for (String bad : new String[] {"../x", "a/b", ".hidden", ""}) {
            assertThatThrownBy(() -> store.forSaving(bad)).as(bad).isInstanceOf(BaselineException.class)
                    .hasMessageContaining("letters, digits");
        }
    }

    @Test
    void aNameEndingInJsonIsRefusedWhenSaving() {
        // It would be saved as nightly.json.json, and --baseline=nightly.json reads a path.
        assertThatThrownBy(() -> new BaselineStore(home).forSaving("nightly.JSON"))
                .hasMessage("--save-baseline=nightly.JSON: a name, without .json (--save-baseline=nightly saves "
                        + home.resolve("baselines/nightly.json") + ", and --baseline=nightly reads it back)");
    }

    @Test
    void theLimitIsAPercentage() {
        assertThat(RegressionLimit.parse("5%")).isEqualTo(5.0);
        assertThat(RegressionLimit.parse("2.5")).isEqualTo(2.5);
        assertThatThrownBy(() -> RegressionLimit.parse("five")).hasMessageContaining("a percentage such as 5%");
        assertThatThrownBy(() -> RegressionLimit.parse("150%")).hasMessageContaining("at most 100%");
    }
}
