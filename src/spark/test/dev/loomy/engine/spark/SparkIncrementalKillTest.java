package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.manifest.RecordedOutputs;
import dev.loomy.run.ExitCodes;

/**
 * The Spark driver (with its embedded master) killed with SIGKILL mid-run, then run again with
 * {@code --incremental}: what finished tasks recorded is kept and skipped, the rest is done,
 * every output complete. While the first runs, a second run into its folder is refused.
 */
class SparkIncrementalKillTest {

    private static final int IMAGES = 60;

    @TempDir
    Path dir;

    private Process driver;

    @AfterEach
    void end() {
        if (driver != null) {
            driver.destroyForcibly();
        }
    }

    /** loomy in a JVM of its own with this one's class path and Spark's JVM options, its temporary files under {@code dir}. */
    private Process start(List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Djava.io.tmpdir=" + Files.createDirectories(dir.resolve("tmp"))));
        ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(a -> a.startsWith("--add-opens") || a.startsWith("--sun-misc") || a.startsWith("-Dio.netty")
                        || a.startsWith("--enable-native-access") || a.equals("-XX:+IgnoreUnrecognizedVMOptions"))
                .forEach(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "dev.loomy.cli.Main"));
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(dir.resolve("driver.txt").toFile())
                .start();
    }

    @Test
    void aKilledDriverKeepsWhatFinishedTasksRecordedAndTheNextRunDoesOnlyTheRest() throws Exception {
        Path input = dir.resolve("in");
        Path out = dir.resolve("out");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("img%02d.png", i)), 48, 32, i);
        }
        List<String> args = List.of("--engine=spark", "--master=local[2]", "--partitions=30", "--strategy=loop",
                "-f", "Canny", "--incremental", "--quiet");
        List<String> first = new ArrayList<>(args);
        // Spark's folders of a killed driver are left where the test's folder takes them.
        first.addAll(List.of("--spark-conf=spark.local.dir=" + dir.resolve("tmp"), "--io-latency=300ms", "-o",
                out.toString(), input.toString()));
        driver = start(first);
        long deadline = System.nanoTime() + 120_000_000_000L;
        while (RecordedOutputs.of(out).size() < 6 && driver.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(driver.isAlive()).as(Files.readString(dir.resolve("driver.txt"))).isTrue();

        List<String> second = new ArrayList<>(args);
        second.addAll(List.of("--format=csv", "-o", out.toString(), input.toString()));
        SparkCli refused = SparkCli.run(second);
        assertThat(refused.status()).as("%s%s", refused.err(), driver.isAlive() ? "" : "the first run had ended")
                .isEqualTo(ExitCodes.USAGE);
        assertThat(refused.err().lines()).singleElement().asString().contains("another loomy run is writing into this folder");

        driver.destroyForcibly().waitFor();
        Set<String> before = RecordedOutputs.of(out);
        assertThat(before.size()).isBetween(6, IMAGES - 1);

        SparkCli rest = SparkCli.run(second);
        assertThat(rest.status()).as(rest.err()).isEqualTo(ExitCodes.OK);
        assertThat(Integer.parseInt(rest.column("images"))).isEqualTo(IMAGES - before.size());
        assertThat(Integer.parseInt(rest.column("skipped"))).isEqualTo(before.size());
        assertThat(RecordedOutputs.of(out)).hasSize(IMAGES);

        RecordedOutputs.assertComplete(out, IMAGES);
    }
}
