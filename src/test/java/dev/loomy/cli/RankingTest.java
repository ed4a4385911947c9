package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.contention.Contention;
import dev.loomy.report.JsonFormat;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.OptionsUsed;
import dev.loomy.results.Outcome;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.results.TestResults;

/**
 * One ranking after the tables, as hyperfine ends with its summary; on a busy machine, one line that
 * says why and what to do; the CPU time per image; a baseline's figures in the table.
 */
class RankingTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A run of {@code wallMs} over 10 images, on 2 CPUs of which others took 70% and loomy's JVM 0.4 s. */
    private static RunRecord run(long wallMs) {
        List<ImageTiming> timings = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            timings.add(new ImageTiming(i, 0, (i + 1) * 1_000_000L, ImageTiming.Status.DONE, null));
        }
        long wall = wallMs * 1_000_000L;
        long own = 400_000_000L;
        Contention busy = new Contention(1, wall, 2 * wall, own + 2 * wall * 7 / 10, own, own, own, wall / 2, 3.0, 3.5);
        return new RunRecord(wall, timings, new ResourcePeaks(12, 50L << 20, 300L << 20, true), 2, false, busy);
    }

    private static Measurement row(String strategy, String filter, long... wallMs) {
        return new Measurement(strategy, filter, 10, 1, java.util.Arrays.stream(wallMs).mapToObj(RankingTest::run).toList(),
                Outcome.OK, null);
    }

    /**
     * Cartoon2: pool's median is the faster, but one slow run makes it impossible to tell from loop;
     * NoOp: pool clearly twice as fast, over runs too short to judge contention.
     */
    private Path saved() throws Exception {
        List<Measurement> rows = List.of(
                row("loop", "Cartoon2", 2000, 2010, 2020),
                row("pool", "Cartoon2", 1200, 1300, 2400),
                row("loop", "NoOp", 100, 101, 102),
                row("pool", "NoOp", 50, 51, 52));
        OptionsUsed options = new OptionsUsed(new OptionsUsed.Selection(List.of("loop", "pool"), List.of("NoOp", "Cartoon2"),
                List.of()), new OptionsUsed.Output("out", false, "same"),
                new OptionsUsed.Measuring("3", null, null, null, null, List.of(), 1),
                new OptionsUsed.Execution("2", "1", "0", "auto", false, true, false),
                new OptionsUsed.Reporting("table", null, null, null),
                new OptionsUsed.Where(List.of("in"), "local", null, null, null, null));
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        new JsonFormat().write(TestResults.of(rows, new MachineInfo(2, 8L << 30, "Test JDK 25", "TestOS 1.0 (amd64)",
                "Test CPU"), options, false, true), new PrintStream(bytes, true, StandardCharsets.UTF_8));
        Path file = dir.resolve("busy.json");
        Files.write(file, bytes.toByteArray());
        return file;
    }

    @Test
    void aBusyComparisonEndsWithOneRankingAndOneLineThatSaysWhyAndWhatToDo() throws Exception {
        Path file = saved();

        Cli table = Cli.run("report", file.toString(), "--wide");
        Cli markdown = Cli.run("report", file.toString(), "--format=markdown");

        assertThat(table.status()).as(table.err()).isZero();
        String text = table.out().replaceAll("\\s+", " ");
        assertThat(text).containsOnlyOnce("Ranking, fastest first")
                .containsPattern("Cartoon2: 1\\. pool 7\\.69 images/sec 2\\. loop 4\\.98 images/sec, 0\\.65 ± 0\\.\\d\\d "
                        + "times as fast as pool; cannot be told apart from pool")
                .containsPattern("NoOp: 1\\. pool 196\\.08 images/sec 2\\. loop 99\\.01 images/sec, 0\\.50 ± 0\\.01 "
                        + "times as fast as pool [^;]");
        // The line after the ranking: why, in figures, and what to do.
        assertThat(text).containsPattern("Why: other programs took 70% of the CPUs while the rows ran \\(2 of 4 rows "
                + "contended, at 10% or more\\); 1 row cannot be told apart from the row above it")
                .contains("What to do: --repeat=auto").contains("fewer other programs").contains("--order=interleaved");
        assertThat(text.indexOf("Why: ")).isGreaterThan(text.indexOf("2. loop 99.01"));
        // Over 0.3 s of runs the share is shown, and said to be too short to judge, not left to look quiet.
        assertThat(text).containsPattern("loop / NoOp 70\\.0% / 50\\.0% \\(too short to judge")
                .containsPattern("loop / Cartoon2 70\\.0% / 50\\.0%,");
        // 0.4 s of the JVM's CPU time per run of 10 images.
        assertThat(table.out()).contains("CPU (ms/image)").containsPattern("201\\.0 +40\\.00 ");
        assertThat(markdown.out()).contains("**Cartoon2**", "1. pool 7.69 images/sec",
                "2. loop 4.98 images/sec, 0.65 ± ", "cannot be told apart from pool", "Why: other programs took 70%");
    }

    @Test
    void csvAndJsonCarryTheRankingAndTheCpuTimePerImage() throws Exception {
        Path file = saved();

        Cli csv = Cli.run("report", file.toString(), "--format=csv");
        Cli json = Cli.run("report", file.toString(), "--format=json");

        assertThat(csv.status()).as(csv.err()).isZero();
        List<String> header = List.of(csv.out().lines().findFirst().orElseThrow().split(","));
        assertThat(header).contains("rank", "ratio_vs_fastest", "ratio_error", "separable", "cpu_ms_per_image");
        JsonNode rows = JSON.readTree(json.out()).get("results");
        for (JsonNode row : rows) {
            assertThat(row.get("cpu_ms_per_image").asDouble()).isEqualTo(40.0);
            JsonNode fastest = null;
            for (JsonNode other : rows) {
                if (other.get("filter").equals(row.get("filter")) && other.get("rank").asInt() == 1) {
                    fastest = other;
                }
            }
            assertThat(row.get("ratio_vs_fastest").asDouble()).isCloseTo(row.get("images_per_sec").asDouble()
                    / fastest.get("images_per_sec").asDouble(), within(0.001));
        }
        assertThat(rows.get(0).get("rank").asInt()).isEqualTo(2);
        assertThat(rows.get(0).get("separable").asBoolean(true)).isFalse();
        assertThat(rows.get(1).get("rank").asInt()).isEqualTo(1);
        assertThat(rows.get(1).get("separable").isNull()).isTrue();
        assertThat(rows.get(2).get("separable").asBoolean()).isTrue();
        // The csv and json say why on standard error, as the table does under the ranking.
        assertThat(json.err()).contains("Why: other programs took 70%");
    }

    @Slow
    @Test
    void aComparisonMeasuredHereIsRankedAndAJobIsNot() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 32, 24);

        Cli json = Cli.run("-s", "loop,pool", "-f", "NoOp", "--no-fork", "--no-write", "--repeat=3", "--format=json",
                in.toString());
        Cli table = Cli.run("-s", "loop,pool", "-f", "NoOp", "--no-fork", "--no-write", "--repeat=3", in.toString());
        Cli oneRow = Cli.run("-s", "pool", "-f", "NoOp", "--no-fork", "--no-write", "--repeat=3", in.toString());

        assertThat(json.status()).as(json.err()).isZero();
        JsonNode rows = JSON.readTree(json.out()).get("results");
        List<Integer> ranks = new ArrayList<>();
        rows.forEach(r -> ranks.add(r.get("rank").asInt()));
        assertThat(ranks).containsExactlyInAnyOrder(1, 2);
        JsonNode first = rows.get(0).get("rank").asInt() == 1 ? rows.get(0) : rows.get(1);
        JsonNode second = first == rows.get(0) ? rows.get(1) : rows.get(0);
        assertThat(first.get("images_per_sec").asDouble()).isGreaterThanOrEqualTo(second.get("images_per_sec").asDouble());
        assertThat(first.get("ratio_vs_fastest").asDouble()).isEqualTo(1.0);
        assertThat(table.out()).containsOnlyOnce("Ranking, fastest first").contains("1. ", "2. ");
        // One row has nothing to be ranked against.
        assertThat(oneRow.status()).as(oneRow.err()).isZero();
        assertThat(oneRow.out()).doesNotContain("Ranking");
    }

    @Slow
    @Test
    void aBaselinesImagesPerSecChangeAndVerdictAreInTheTableWithinTheTerminalsWidth() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 32, 24);
        Path base = dir.resolve("base.json");
        List<String> args = List.of("-s", "loop,pool", "-f", "NoOp,Cartoon2", "--no-fork", "--no-write", "--repeat=3",
                "--warmup=0");
        List<String> first = new ArrayList<>(args);
        first.addAll(List.of("--export-json=" + base, in.toString()));
        assertThat(Cli.run(first.toArray(String[]::new)).status()).isZero();

        for (int width : new int[] {80, 100, 120}) {
            List<String> again = new ArrayList<>(args);
            again.addAll(List.of("--baseline=" + base, in.toString()));
            String before = System.getProperty("loomy.columns");
            System.setProperty("loomy.columns", String.valueOf(width));
            Cli compared;
            try {
                compared = Cli.run(again.toArray(String[]::new));
            } finally {
                if (before == null) {
                    System.clearProperty("loomy.columns");
                } else {
                    System.setProperty("loomy.columns", before);
                }
            }

            assertThat(compared.status()).as(compared.err()).isZero();
            String text = compared.out();
            assertThat(text).as(text).contains("Baseline", "Verdict", "Change").containsPattern(" [+-]\\d+(\\.\\d)?±\\d+(\\.\\d)? ")
                    .containsPattern("(no change|regressed|improved)");
            assertThat(text.lines().filter(line -> line.length() > width).toList()).as(text).isEmpty();
        }
    }
}
