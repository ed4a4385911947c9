package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/** The command line's statistics, reference, automatic run count, baselines and profilers, end to end. */
class RigorTest {

    @TempDir
    Path dir;

    Path input;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        for (int i = 0; i < 4; i++) {
            TestImages.write(input.resolve("i" + i + ".png"), 64, 48, i);
        }
    }

    /** A baseline of one loop / NoOp row whose three runs took about a microsecond: anything real is slower. */
    private Path impossiblyFastBaseline() throws Exception {
        return Files.writeString(dir.resolve("fast.json"), "{\"machine\": {\"cores\": 1, \"cpu\": \"Elsewhere\", "
                + "\"jdk\": \"Other 21\"}, \"results\": [{\"strategy\": \"loop\", \"filter\": \"NoOp\", "
                + "\"images_per_sec\": 4000000, \"raw_runs\": [{\"wall_ms\": 0.001}, {\"wall_ms\": 0.0011}, "
                + "{\"wall_ms\": 0.0009}]}]}");
    }

    private static List<String> header(Cli cli) {
        return List.of(cli.out().lines().findFirst().orElseThrow().split(","));
    }

    private static String cell(Cli cli, int row, String column) {
        List<String> header = header(cli);
        return cli.out().lines().skip(row + 1).findFirst().orElseThrow().split(",", -1)[header.indexOf(column)];
    }

    @Test
    void aRegressionBeyondTheNoiseAndTheLimitExitsFour() throws Exception {
        // Runs made of waits (4 x 20 ms), warmed up, vary little even on a busy machine: ten of them give an
        // interval far above the baseline's, even with an outlier or two.
        Cli cli = Cli.run("-s", "loop", "--no-write", "--io-latency=20ms", "--warmup=2", "--repeat=10", "--format=csv",
                "--baseline=" + impossiblyFastBaseline(), "--fail-on-regression=5%", input.toString());

        assertThat(cli.status()).as(cli.err()).isEqualTo(4);
        assertThat(cell(cli, 0, "baseline_images_per_sec")).isEqualTo("4000000.000");
        assertThat(cell(cli, 0, "change")).isEqualTo("regressed");
        assertThat(Double.parseDouble(cell(cli, 0, "change_pct"))).isLessThan(-5);
        assertThat(cli.err()).contains("loomy: loop / NoOp: ", "fewer images/sec than the baseline, beyond the noise and "
                + "the 5% allowed").contains("another machine (1 cores, Elsewhere").contains("another JDK (Other 21");
    }

    @Test
    void withoutALimitARegressionIsReportedAndTheRunSucceeds() throws Exception {
        Cli cli = Cli.run("-s", "loop", "--no-write", "--io-latency=20ms", "--warmup=2", "--repeat=10",
                "--baseline=" + impossiblyFastBaseline(), input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        // The table's prose wraps at the terminal's width (100 columns here): words, not lines, are compared.
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("NoOp: regressed against the baseline: ")
                .contains("beyond both runs' noise").contains("Compared with " + dir.resolve("fast.json"));
    }

    @Test
    void aSingleRunCannotRegressBeyondTheNoise() throws Exception {
        Cli cli = Cli.run("-s", "loop", "--no-write", "--format=csv", "--baseline=" + impossiblyFastBaseline(),
                "--fail-on-regression=5%", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cell(cli, 0, "change")).isEqualTo("too few runs to tell");
    }

    @Test
    void aBaselineMeasuredOnAnotherEngineIsComparedWithAWarning() throws Exception {
        Path spark = Files.writeString(dir.resolve("spark.json"), "{\"machine\": {}, \"results\": [{\"strategy\": "
                + "\"loop\", \"filter\": \"NoOp\", \"engine\": \"spark\", \"images_per_sec\": 100, "
                + "\"raw_runs\": [{\"wall_ms\": 40}]}]}");
        Cli cli = Cli.run("-s", "loop", "--no-write", "--no-fork", "--baseline=" + spark, input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        String warning = "baseline " + spark + " was measured on another engine (spark; now local): the comparison "
                + "says as much about the engines as about loomy";
        assertThat(cli.err()).contains("loomy: warning: " + warning);
        // The table's caption, wrapped at spaces.
        assertThat(cli.out().replace("\n", " ")).contains("Warning: " + warning + ".");
    }

    @Slow
    @Test
    void aSavedBaselineIsFoundByNameUnderLoomyHome() throws Exception {
        Path home = dir.resolve("home");
        LoomyProcess save = LoomyProcess.start(Files.createDirectories(dir.resolve("save")), Map.of("LOOMY_HOME", home.toString()),
                List.of(), "-s", "loop", "--no-write", "--repeat=2", "--quiet", "--save-baseline=before", input.toString());
        assertThat(save.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(save.process().exitValue()).as(save.stderr()).isZero();
        Path saved = home.resolve("baselines/before.json");
        assertThat(new ObjectMapper().readTree(saved.toFile()).at("/results/0/raw_runs")).hasSize(2);

        LoomyProcess compare = LoomyProcess.start(Files.createDirectories(dir.resolve("compare")),
                Map.of("LOOMY_HOME", home.toString()), List.of(), "-s", "loop", "--no-write", "--repeat=2", "--format=csv",
                "--baseline=before", input.toString());
        assertThat(compare.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(compare.process().exitValue()).as(compare.stderr()).isZero();
        assertThat(compare.stdout()).contains("baseline_images_per_sec,change_pct,change");
        assertThat(compare.stderr()).doesNotContain("another machine").doesNotContain("another JDK");
    }

    @Test
    void anUnknownBaselineOrALimitWithoutOneOrAReferenceNotMeasuredIsBadUsage() {
        Cli unknown = Cli.run("--no-write", "--baseline=" + dir.resolve("none.json"), input.toString());
        assertThat(unknown.status()).isEqualTo(2);
        assertThat(unknown.err()).isEqualTo("loomy: --baseline=" + dir.resolve("none.json") + ": no such file\n");

        Cli limit = Cli.run("--no-write", "--fail-on-regression=5%", input.toString());
        assertThat(limit.status()).isEqualTo(2);
        assertThat(limit.err()).contains("--fail-on-regression needs --baseline");

        Cli reference = Cli.run("-s", "loop", "--no-write", "--reference=pool", input.toString());
        assertThat(reference.status()).isEqualTo(2);
        assertThat(reference.err()).contains("--reference=pool: strategy pool is not measured");

        Cli repeat = Cli.run("--no-write", "--repeat=often", input.toString());
        assertThat(repeat.status()).isEqualTo(2);
        assertThat(repeat.err()).contains("--repeat=often: a whole number or auto was expected");
    }

    @Test
    void automaticRunCountsTakeAtLeastThreeAndAtMostThirtyRuns() {
        Cli cli = Cli.run("-s", "loop", "--no-write", "--repeat=auto", "--format=csv", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        int runs = Integer.parseInt(cell(cli, 0, "runs"));
        assertThat(runs).isBetween(3, 30);
        double mean = Double.parseDouble(cell(cli, 0, "time_ms_mean"));
        // The low end may be clamped at 0; the high end is Student's.
        double half = Double.parseDouble(cell(cli, 0, "time_ms_ci_high")) - mean;
        // Stopped because the interval was narrow enough, or because the cap was reached.
        assertThat(half <= 0.03 * mean + 1e-3 || runs == 30).as("runs %d, %f ± %f", runs, mean, half).isTrue();
    }

    @Test
    void speedupIsAgainstTheReferenceRowWithItsError() {
        // Runs of at least 5 ms (4 x 5 ms waits for loop), so that json's rounding of the times to the microsecond
        // is negligible; the speed-up itself is rounded to three decimals. The reference in any case, as -s takes it.
        Cli cli = Cli.run("-s", "loop,virtual", "--no-write", "--no-fork", "--io-latency=5ms", "--repeat=3", "--reference=Virtual",
                "--format=json", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        JsonNode root = readJson(cli.out());
        JsonNode loop = root.at("/results/0");
        JsonNode virtual = root.at("/results/1");
        assertThat(root.get("reference").asText()).isEqualTo("virtual, same filter");
        assertThat(virtual.get("speedup").asDouble()).isEqualTo(1.0);
        assertThat(virtual.get("speedup_error").isNull()).isTrue();
        assertThat(loop.get("speedup").asDouble())
                .isCloseTo(virtual.get("time_ms_median").asDouble() / loop.get("time_ms_median").asDouble(),
                        org.assertj.core.api.Assertions.within(0.001));
        assertThat(loop.get("speedup_error").asDouble()).isPositive();
    }

    @Test
    void profilesAreColumnsOfTheRowsTheyProfiled() throws Exception {
        Path out = dir.resolve("out");
        Cli cli = Cli.run("-s", "virtual", "--repeat=2", "--profile=gc,pinning,jfr", "-o", out.toString(), "--format=json",
                input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        JsonNode row = readJson(cli.out()).at("/results/0");
        assertThat(row.get("alloc_mb_per_image").asDouble()).isPositive();
        assertThat(row.get("gc_count").isIntegralNumber()).isTrue();
        assertThat(row.get("pinned_events").asLong()).isGreaterThanOrEqualTo(0);
        assertThat(row.get("pinned_sites").isArray()).isTrue();
        Path jfr = out.resolve("jfr/virtual-NoOp.jfr");
        assertThat(row.get("jfr_file").asText()).isEqualTo(jfr.toString());
        assertThat(jfr).isRegularFile();
    }

    @Slow
    @Test
    void childJvmsMeasureWithTheAutomaticRunCountAndSendTheirProfilesBack() {
        Cli cli = Cli.run("-s", "loop,virtual", "--fork", "--no-write", "--repeat=auto", "--profile=gc", "--format=json",
                input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        JsonNode root = readJson(cli.out());
        assertThat(root.at("/forked").asBoolean()).isTrue();
        assertThat(root.at("/options/repeat").asText()).isEqualTo("auto");
        assertThat(root.at("/options/profile/0").asText()).isEqualTo("gc");
        for (JsonNode row : root.get("results")) {
            assertThat(row.get("runs").asInt()).as(row.toString()).isBetween(3, 30);
            assertThat(row.get("gc_count").isIntegralNumber()).as(row.toString()).isTrue();
            assertThat(row.get("alloc_mb_per_image").asDouble()).as(row.toString()).isPositive();
        }
    }

    @Test
    void theHelpFormatsThePercentSigns() {
        // picocli formats descriptions with String.format: a lone % makes it warn on System.err.
        java.io.PrintStream stderr = System.err;
        java.io.ByteArrayOutputStream captured = new java.io.ByteArrayOutputStream();
        Cli cli;
        try {
            System.setErr(new java.io.PrintStream(captured, true, java.nio.charset.StandardCharsets.UTF_8));
            cli = Cli.run("--help");
        } finally {
            System.setErr(stderr);
        }
        assertThat(cli.status()).isZero();
        assertThat(captured.toString(java.nio.charset.StandardCharsets.UTF_8)).doesNotContain("WARN");
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("the 95% confidence interval of the mean is within 3%,")
                .contains("slower by more than P% and beyond the noise");
    }

    private static JsonNode readJson(String text) {
        try {
            return new ObjectMapper().readTree(text);
        } catch (Exception e) {
            throw new AssertionError("not json: " + text, e);
        }
    }
}
