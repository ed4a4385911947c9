package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.testing.MockTimingEngine;

/**
 * An option of the main command given twice takes its last value, as a shell alias or a script that
 * adds to a user's line expects, and the other options of its section stay as given.
 */
class RepeatedOptionTest {

    @Test
    void theLastValueOfAnOptionGivenTwiceIsTakenAndTheOthersOfItsSectionAreKept() throws Exception {
        Cli run = Cli.run("--engine=" + MockTimingEngine.NAME, "--no-write", "--no-progress", "--cv-threads=1",
                "--parallelism=2", "-s", "loop,virtual", "-f", "NoOp", "--repeat=2", "--warmup=1", "--repeat=3",
                "--reference=loop", "--reference=virtual", "--format=json", "src/test/resources/golden/inputs");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode options = new ObjectMapper().readTree(run.out()).get("options");
        assertThat(options.get("repeat").asInt()).isEqualTo(3);
        assertThat(options.get("warmup").asInt()).as("--warmup, given between the two --repeat").isEqualTo(1);
        assertThat(options.get("reference").asText()).isEqualTo("virtual");
    }
}
