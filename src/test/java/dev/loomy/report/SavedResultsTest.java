package dev.loomy.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.results.Results;

/** Results saved as json and read back render as they did: lanes, a crash, the options, the order. */
class SavedResultsTest {

    @TempDir
    Path dir;

    private static String render(ResultFormat format, Results results) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        format.write(results, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void everyFormatOfResultsReadBackIsTheFormatOfTheResults() throws Exception {
        Results results = SampleResults.results();
        Path file = dir.resolve("r.json");
        Files.writeString(file, render(new JsonFormat(), results));

        Results again = SavedResults.read(file);

        assertThat(render(new TableFormat(100, true), again)).isEqualTo(render(new TableFormat(100, true), results));
        assertThat(render(new MarkdownFormat(), again)).isEqualTo(render(new MarkdownFormat(), results));
        assertThat(render(new CsvFormat(), again)).isEqualTo(render(new CsvFormat(), results));
        assertThat(render(new JsonFormat(), again)).isEqualTo(render(new JsonFormat(), results));
    }

    @Test
    void aFileThatIsNotLoomysResultsIsOneLineNamingIt() throws Exception {
        Path broken = dir.resolve("broken.json");
        Files.writeString(broken, "{\"results\": [");

        assertThatIllegalArgumentException().isThrownBy(() -> SavedResults.read(broken))
                .withMessageStartingWith(broken + ": not json");
        assertThatIllegalArgumentException().isThrownBy(() -> SavedResults.read(dir.resolve("none.json")))
                .withMessage(dir.resolve("none.json") + ": no such file");
    }
}
