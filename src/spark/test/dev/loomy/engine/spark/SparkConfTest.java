package dev.loomy.engine.spark;

import static dev.loomy.engine.spark.SparkCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** {@code --spark-conf} as Spark would take it: a value it refuses is bad usage, a key it does not know a warning. */
class SparkConfTest {

    @TempDir
    Path dir;

    private Path input;

    @BeforeEach
    void images() {
        input = TestImages.write(dir.resolve("in/photo.png"), 32, 24, 1).getParent();
    }

    @Test
    void aValueSparkRefusesIsOneLineAndBadUsageBeforeAnyWork() {
        SparkCli mistyped = run("--engine=spark", "--master=local[1]", "--spark-conf", "spark.task.cpus=banana", "-o",
                dir.resolve("out").toString(), input.toString());
        // Of the right type, but out of the range Spark checks the settings against.
        SparkCli outOfRange = run("--engine=spark", "--master=local[1]", "--spark-conf", "spark.memory.fraction=2", "-o",
                dir.resolve("out").toString(), input.toString());

        assertThat(mistyped.status()).as(mistyped.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(mistyped.err().lines()).singleElement().asString().isEqualTo("loomy: --spark-conf spark.task.cpus=banana: "
                + "Spark refuses it: The value 'banana' in the config \"spark.task.cpus\" is invalid. It should be a/an "
                + "'int' value.");
        assertThat(mistyped.out()).isEmpty();
        assertThat(outOfRange.status()).as(outOfRange.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(outOfRange.err().lines()).singleElement().asString()
                .startsWith("loomy: --spark-conf: Spark refuses it: spark.memory.fraction should be between 0 and 1");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void settingsThatSparkChecksOnlyAsItStartsAreOneLineAndBadUsage() {
        // Each value is valid alone: Spark finds only while its context starts that a task needs more cores
        // than an executor has.
        SparkCli spark = run("--engine=spark", "--master=local[2]", "--spark-conf", "spark.executor.cores=1",
                "--spark-conf", "spark.task.cpus=2", "-o", dir.resolve("out").toString(), input.toString());

        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(spark.err().lines()).singleElement().asString()
                .startsWith("loomy: --spark-conf: Spark refused the settings as it started: ")
                .contains("cpus per task = 2");
        assertThat(spark.out()).isEmpty();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aKeySparkDoesNotKnowIsOneWarningAndTheRunGoesOn() {
        SparkCli spark = run("--engine=spark", "--master=local[1]", "--quiet", "--no-write", "--strategy=loop",
                "--filter=NoOp", "--spark-conf", "spark.excutor.memory=2g", "--spark-conf", "spark.executorEnv.LOOMY_X=1",
                "--spark-conf", "spark.files.userClassPathFirst=false", "--spark-conf", "spark.task.cpus=1",
                input.toString());

        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.OK);
        assertThat(spark.err().lines()).singleElement().asString().isEqualTo("loomy: --spark-conf spark.excutor.memory: "
                + "warning: not a setting this Spark knows: passed on, and likely read by nothing");
    }
}
