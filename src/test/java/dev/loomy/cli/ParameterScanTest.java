package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/** {@code --parallelism=1,3} and the like: each value measured as rows of its own, end to end. */
class ParameterScanTest {

    @TempDir
    Path dir;

    private static JsonNode json(Cli run) throws Exception {
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(run.out());
    }

    @Slow
    @Test
    void eachChildJvmMeasuresItsOwnPointAndEveryRowSaysWhich() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 3, 32, 24);
        Path chart = dir.resolve("scan.png");

        JsonNode root = json(Cli.run("-s", "pool,virtual", "--parallelism=1,3", "--io-latency=0,2ms", "--no-write",
                "--quiet", "--format=json", "--chart=" + chart, in.toString()));

        assertThat(root.get("forked").asBoolean()).isTrue();
        assertThat(root.get("scanned").valueStream().map(JsonNode::asText)).containsExactly("parallelism", "io_latency_ms");
        assertThat(root.at("/options/parallelism").asText()).isEqualTo("1,3");
        assertThat(root.at("/options/io-latency").asText()).isEqualTo("0,2ms");
        JsonNode results = root.get("results");
        List<String> rows = results.valueStream().map(r -> r.get("strategy").asText() + " p" + r.get("parallelism")
                .asInt() + " " + r.get("io_latency_ms").asDouble()).toList();
        assertThat(rows).containsExactly("pool p1 0.0", "virtual p1 0.0", "pool p1 2.0", "virtual p1 2.0",
                "pool p3 0.0", "virtual p3 0.0", "pool p3 2.0", "virtual p3 2.0");
        for (JsonNode row : results) {
            // A pool starts a thread per task up to its size; virtual threads use at most that many carriers
            // (fewer when few images are quick), and exactly one at parallelism 1 where the default would be the cores.
            int workers = row.get("worker_threads").asInt();
            int parallelism = row.get("parallelism").asInt();
            boolean virtual = !row.get("strategy").asText().equals("pool");
            if (virtual && Runtime.version().feature() < 24) {
                // On JDK 21 the scheduler may add a carrier for a virtual thread blocked in file I/O
                // (seen: 2 at parallelism 1; JDK 25 keeps to the parallelism here), so up to one per image.
                assertThat(workers).as(row.toString()).isBetween(1, parallelism + 3);
            } else if (!virtual || parallelism == 1) {
                assertThat(workers).as(row.toString()).isEqualTo(parallelism);
            } else {
                assertThat(workers).as(row.toString()).isBetween(1, parallelism);
            }
            if (row.get("io_latency_ms").asDouble() > 0) {
                // With one worker, the three reads wait one after the other.
                double atLeast = row.get("parallelism").asInt() == 1 ? 6 : 2;
                assertThat(row.get("time_ms_min").asDouble()).isGreaterThanOrEqualTo(atLeast);
            }
        }
        BufferedImage image = ImageIO.read(chart.toFile());
        assertThat(image.getWidth()).isEqualTo(1200);
    }

    @Test
    void aScanInThisJvmSetsThePoolsThreadsPerPoint() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 16, 16);

        JsonNode root = json(Cli.run("-s", "pool", "--parallelism=1,2", "--cv-threads=1,2", "--no-fork", "--no-write",
                "--quiet", "--format=json", in.toString()));

        assertThat(root.get("forked").asBoolean()).isFalse();
        assertThat(root.get("results").valueStream().map(r -> r.get("worker_threads").asInt() + "/"
                + r.get("cv_threads").asInt())).containsExactly("1/1", "1/2", "2/1", "2/2");
    }

    @Slow
    @Test
    void eachPointKeepsItsOwnRecording() throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 16, 16);
        Path out = dir.resolve("out");

        JsonNode root = json(Cli.run("-s", "loop", "--io-latency=0,1ms", "--profile=jfr", "--no-write", "--quiet",
                "-o", out.toString(), "--format=json", in.toString()));

        List<String> files = root.get("results").valueStream().map(r -> r.get("jfr_file").asText()).toList();
        assertThat(files).containsExactly(out.resolve("jfr/io_latency_ms=0/loop-NoOp.jfr").toString(),
                out.resolve("jfr/io_latency_ms=1/loop-NoOp.jfr").toString());
        files.forEach(file -> assertThat(Path.of(file)).isRegularFile());
    }

    @Test
    void aValueOutOfRangeOrCarriersScannedInOneJvmAreBadUsage() {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 16, 16);

        Cli zero = Cli.run("--parallelism=2,0", "--no-write", in.toString());
        Cli oneJvm = Cli.run("-s", "virtual", "--parallelism=1,2", "--no-fork", "--no-write", in.toString());
        Cli badLatency = Cli.run("--io-latency=0,5", "--no-write", in.toString());

        assertThat(zero.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(zero.err().strip()).isEqualTo("loomy: --parallelism must be from 1 to 4096, not 0");
        assertThat(oneJvm.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(oneJvm.err().strip()).startsWith("loomy: --parallelism=1,2 with --no-fork: ").hasLineCount(1);
        assertThat(badLatency.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(badLatency.err()).contains("'5' needs a unit");
    }
}
