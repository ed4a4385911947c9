package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * An engine found through its provider on the class path, as the Spark engine is: the tests' own
 * {@code recipe} engine ({@code engine.RecipeEngine}), made by docs/architecture.md's recipe alone.
 */
class EngineProviderTest {

    @TempDir
    Path dir;
    Path input;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        TestImages.writeMany(input, 3, 24, 16);
    }

    @Test
    void anEngineMadeByTheRecipeRunsEveryTrialThroughTheCommandLine() throws Exception {
        Path out = dir.resolve("out");

        JsonNode root = json(Cli.run("--engine=recipe", "-s", "pool,virtual", "-f", "noop", "--repeat=2",
                "--format=json", "--quiet", "-o", out.toString(), input.toString()));

        assertThat(root.at("/options/engine").asText()).isEqualTo("recipe");
        assertThat(root.get("forked").asBoolean()).isFalse();
        assertThat(root.get("results").valueStream().map(row -> row.get("strategy").asText() + " "
                + row.get("outcome").asText() + " " + row.get("runs").asInt()))
                .containsExactly("pool ok 2", "virtual ok 2");
        assertThat(out.resolve("NoOp")).isDirectory();
    }

    @Test
    void eachPointOfAScanIsARunOfItsOwnForAnEngineThatMeasuresTrialsWhole() throws Exception {
        JsonNode root = json(Cli.run("--engine=recipe", "-s", "pool", "--parallelism=1,2", "--no-write",
                "--format=json", "--quiet", input.toString()));

        assertThat(root.get("results").valueStream().map(row -> row.get("strategy").asText() + " p"
                + row.get("parallelism").asInt())).containsExactly("pool p1", "pool p2");
    }

    @Test
    void anUnknownEngineIsOneLineNamingTheEnginesFound() {
        assertUsage(Cli.run("--engine=nope", "--no-write", input.toString()),
                "--engine=nope: unknown engine (known: local, spark, recipe, mock-timing)");
    }

    @Test
    void sparkWithoutItsJarsIsOneLine() {
        assertUsage(Cli.run("--engine=spark", "--no-write", input.toString()),
                "--engine=spark needs Spark's jars, which loomy's own jar leaves out");
    }

    @Test
    void sparksOptionsNeedSparkWhateverTheOtherEngine() {
        assertUsage(Cli.run("--engine=recipe", "--partitions=2", "--no-write", input.toString()),
                "--partitions needs --engine=spark");
    }

    private static JsonNode json(Cli run) throws Exception {
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(run.out());
    }

    private static void assertUsage(Cli cli, String message) {
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).as(cli.err()).singleElement().asString().contains(message);
        assertThat(cli.out()).isEmpty();
    }
}
