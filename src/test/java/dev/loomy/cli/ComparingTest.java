package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * Comparisons as a user makes them, in this JVM: the order of the runs, recorded in the json;
 * several exports from one measurement, rendered again by {@code loomy report}; a job's one line.
 */
class ComparingTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Beside a share over runs too short for a verdict (these tiny images'), so that it is not read as quiet. */
    private static final String TOO_SHORT = "( \\(too short to judge: under 1 s of runs\\))?";

    @TempDir
    Path dir;

    Path in;

    @BeforeEach
    void images() {
        in = dir.resolve("in");
        TestImages.writeMany(in, 3, 32, 24);
    }

    private Cli compare(String... more) {
        List<String> args = new ArrayList<>(List.of("-s", "loop,pool", "-f", "NoOp", "--no-fork", "--no-write",
                "--repeat=3"));
        args.addAll(List.of(more));
        args.add(in.toString());
        return Cli.run(args.toArray(String[]::new));
    }

    @Test
    void theRowsRunsAreInterleavedInRoundsShuffledFromASeedThatTheJsonRecords() throws Exception {
        Cli run = compare("--format=json", "--order-seed=5");
        Cli again = compare("--format=json", "--order-seed=5");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode order = JSON.readTree(run.out()).get("order");
        assertThat(order.get("mode").asText()).isEqualTo("interleaved");
        assertThat(order.get("seed").asLong()).isEqualTo(5);
        assertThat(order.get("rounds")).hasSize(3);
        for (JsonNode round : order.get("rounds")) {
            assertThat(List.of(round.get(0).asText(), round.get(1).asText()))
                    .containsExactlyInAnyOrder("loop / NoOp", "pool / NoOp");
        }
        assertThat(JSON.readTree(again.out()).get("order")).isEqualTo(order);
        assertThat(JSON.readTree(run.out()).at("/options/order").asText()).isEqualTo("interleaved");
    }

    @Test
    void eachRowHasItsOwnContentionFiguresFromItsRunsAndTheTableSaysThem() throws Exception {
        Cli json = compare("--format=json");
        Cli table = compare();

        assertThat(json.status()).as(json.err()).isZero();
        for (JsonNode row : JSON.readTree(json.out()).get("results")) {
            // Read from this machine's /proc: figures, whatever the load, within 0 to 100.
            assertThat(row.get("other_cpu_pct").asDouble(-1)).isBetween(0.0, 100.0);
            assertThat(row.get("cpu_wait_pct").asDouble(-1)).isBetween(0.0, 100.0);
            // Contended or not from a second of runs; these few tiny images take far less: no verdict.
            double wallMs = 0;
            for (JsonNode run : row.get("raw_runs")) {
                wallMs += run.get("wall_ms").asDouble();
            }
            if (wallMs < 1000) {
                assertThat(row.get("contended").isNull()).isTrue();
            } else {
                assertThat(row.get("contended").asBoolean()).isEqualTo(row.get("other_cpu_pct").asDouble() >= 10);
            }
            assertThat(row.get("load_before").isNumber()).isTrue();
            // Each counted run's own raw figures, from which the row's are summed.
            assertThat(row.at("/raw_runs/0/contention/intervals").asInt()).isEqualTo(1);
        }
        assertThat(table.out().replaceAll("\\s+", " "))
                .containsPattern("Contention, others' share of the CPUs / the measuring JVM's threads' time waiting "
                        + "for one: loop / NoOp [\\d.]+% / [\\d.]+%" + TOO_SHORT + ", pool / NoOp [\\d.]+% / [\\d.]+%"
                        + TOO_SHORT + "\\.");
    }

    @Test
    void sequentialTakesEachRowWholeAndHasNoSeed() throws Exception {
        Cli run = compare("--format=json", "--order=sequential");

        assertThat(run.status()).as(run.err()).isZero();
        JsonNode order = JSON.readTree(run.out()).get("order");
        assertThat(order.get("mode").asText()).isEqualTo("sequential");
        assertThat(order.has("seed")).isFalse();
        assertThat(compare("--order=sequential", "--order-seed=1").status()).isEqualTo(ExitCodes.USAGE);
        assertThat(compare("--order=random").err()).contains("--order=random: interleaved or sequential was expected");
    }

    @Test
    void profilersInOneJvmCannotInterleaveAndSaySoInOneLine() throws Exception {
        Cli run = compare("--format=json", "--profile=gc");

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(run.err().lines().filter(l -> l.contains("takes each row's runs together"))).hasSize(1);
        JsonNode order = JSON.readTree(run.out()).get("order");
        assertThat(order.get("mode").asText()).isEqualTo("sequential");
        assertThat(order.get("why").asText()).contains("--profile with --no-fork");
    }

    @Test
    void everyExportIsOfTheSameMeasurementAndLoomyReportRendersItAgain() throws Exception {
        Path csv = dir.resolve("r.csv");
        Path json = dir.resolve("r.json");
        Path md = dir.resolve("r.md");
        Path md2 = dir.resolve("again.md");

        Cli run = compare("--export-csv=" + csv, "--export-json=" + json, "--report=" + md, "--export-markdown=" + md2);

        assertThat(run.status()).as(run.err()).isZero();
        assertThat(Files.readString(md2)).isEqualTo(Files.readString(md));
        List<String> rows = Files.readAllLines(csv);
        List<String> header = List.of(rows.get(0).split(","));
        String perSec = rows.get(1).split(",")[header.indexOf("images_per_sec")];
        assertThat(JSON.readTree(json.toFile()).at("/results/0/images_per_sec").asDouble())
                .isEqualTo(Double.parseDouble(perSec));

        Cli table = Cli.run("report", json.toString());
        Cli markdown = Cli.run("report", json.toString(), "--format=markdown");
        Cli csvAgain = Cli.run("report", json.toString(), "--format=csv");

        assertThat(table.status()).as(table.err()).isZero();
        assertThat(table.out()).isEqualTo(run.out());
        assertThat(markdown.out()).isEqualTo(Files.readString(md));
        assertThat(csvAgain.out()).isEqualTo(Files.readString(csv));
    }

    @Test
    void loomyReportRefusesToWriteOntoItsInputAndSaysWhatIsWrongWithABadFile() throws Exception {
        Path json = dir.resolve("r.json");
        assertThat(compare("--export-json=" + json).status()).isZero();
        byte[] saved = Files.readAllBytes(json);

        Cli onto = Cli.run("report", json.toString(), "--export-json=" + json);
        Path text = dir.resolve("notes.json");
        Files.writeString(text, "{\"hello\": 1}");
        Cli notResults = Cli.run("report", text.toString());

        assertThat(onto.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(Files.readAllBytes(json)).isEqualTo(saved);
        assertThat(notResults.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(notResults.err().lines()).containsExactly("loomy: " + text + ": not loomy's json results (no "
                + "\"results\" and \"machine\")");
    }

    @Test
    void oneStrategyOneFilterOnceIsAJobThatPrintsOneLine() {
        Path out = dir.resolve("out");

        Cli job = Cli.run("-f", "NoOp", "--no-fork", "-o", out.toString(), in.toString());
        Cli table = Cli.run("-f", "NoOp", "--no-fork", "-o", dir.resolve("out2").toString(), "--format=table",
                in.toString());
        Cli quiet = Cli.run("-f", "NoOp", "--no-fork", "-o", dir.resolve("out3").toString(), "--quiet", in.toString());

        assertThat(job.status()).as(job.err()).isZero();
        assertThat(job.out().lines()).singleElement().asString()
                .matches("3 images -> " + java.util.regex.Pattern.quote(out.toString())
                        + "/ in \\d+\\.\\d s, [\\d.]+ images/sec, 0 failed, 0 warnings");
        assertThat(table.out()).contains("Avg (images/sec)");
        assertThat(quiet.status()).isZero();
        assertThat(quiet.out()).isEmpty();
        assertThat(quiet.err()).isEmpty();
    }
}
