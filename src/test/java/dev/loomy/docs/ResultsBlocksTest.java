package dev.loomy.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The results tables of README.md and docs/ are the bench scripts' own: each sits between
 * {@code <!-- results:NAME -->} markers, and its lines are those of the block of that name in
 * {@code bench/results/*.md}, as {@code bench/tables.sh} copies them. A table edited by hand, or
 * measured again without being copied, fails here.
 */
class ResultsBlocksTest {

    @Test
    void everyResultsBlockOfTheReadmeAndDocsIsTheGeneratedOne() {
        Map<String, String> generated = generatedBlocks();
        List<String> problems = new ArrayList<>();
        for (Path document : RepositoryDocs.documents()) {
            String name = RepositoryDocs.relative(document);
            RepositoryDocs.blocks(RepositoryDocs.read(document), name).forEach((block, lines) -> {
                if (!generated.containsKey(block)) {
                    problems.add(name + ": block " + block + " is in no file of bench/results");
                } else if (!generated.get(block).equals(lines)) {
                    problems.add(name + ": block " + block + " differs from bench/results; run bench/tables.sh");
                }
            });
        }
        assertThat(problems).isEmpty();
    }

    @Test
    void theReadmeShowsTheHeadlineTableAndWhereItWasMeasured() {
        Path readme = RepositoryDocs.ROOT.resolve("README.md");
        Map<String, String> blocks = RepositoryDocs.blocks(RepositoryDocs.read(readme), "README.md");
        assertThat(blocks).containsKeys("run-machine", "run-throughput");
        assertThat(blocks.get("run-throughput")).contains("| loop |", "| virtual |");
        assertThat(blocks.get("run-machine")).contains("Machine:");
    }

    @Test
    void aBlockIsReadBetweenItsMarkersAndABrokenOneIsRefused() {
        assertThat(RepositoryDocs.blocks("a\n<!-- results:t -->\n| x |\n<!-- /results:t -->\nb\n", "doc"))
                .isEqualTo(Map.of("t", "| x |\n"));
        for (String broken : List.of("<!-- results:t -->\n| x |\n", "<!-- /results:t -->\n",
                "<!-- results:t -->\n<!-- /results:u -->\n", "<!-- results:t -->\n<!-- results:u -->\n")) {
            assertThatIllegalArgumentException().isThrownBy(() -> RepositoryDocs.blocks(broken, "doc"));
        }
    }

    /** Every block of bench/results by name; a name in two generated files is an error. */
    private static Map<String, String> generatedBlocks() {
        Map<String, String> all = new HashMap<>();
        for (Path file : RepositoryDocs.generated()) {
            RepositoryDocs.blocks(RepositoryDocs.read(file), RepositoryDocs.relative(file)).forEach((name, lines) ->
                    assertThat(all.put(name, lines)).as("block %s in two files of bench/results", name).isNull());
        }
        assertThat(all).as("results blocks in bench/results").isNotEmpty();
        return all;
    }
}
