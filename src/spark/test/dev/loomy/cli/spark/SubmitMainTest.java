package dev.loomy.cli.spark;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

import dev.loomy.run.ExitCodes;

/** The application jar's entry point: the Spark engine on spark-submit's master, loomy's options as given. */
class SubmitMainTest {

    @Test
    void theSparkEngineRunsOnTheMasterSparkSubmitWasGiven() {
        assertThat(SubmitMain.arguments(new String[] {"-s", "loop", "in"}, "yarn"))
                .containsExactly("--engine=spark", "--master=yarn", "-s", "loop", "in");
        assertThat(SubmitMain.arguments(new String[] {"--engine", "spark", "in"}, "local[2]"))
                .containsExactly("--master=local[2]", "--engine", "spark", "in");
        assertThat(SubmitMain.arguments(new String[] {"--engine=local", "in"}, "local[2]"))
                .containsExactly("--engine=local", "in");
        // Outside spark-submit, loomy's own default master.
        assertThat(SubmitMain.arguments(new String[] {"in"}, null)).containsExactly("--engine=spark", "in");
    }

    @Test
    void loomysOwnMasterIsRefusedUnderSparkSubmit() {
        assertThat(SubmitMain.run(new String[] {"--master=local", "in"}, "spark://h:7077")).isEqualTo(ExitCodes.USAGE);
    }
}
