package dev.loomy.engine.spark;

import static dev.loomy.engine.spark.SparkCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.imageio.OneWriter;
import dev.loomy.run.ExitCodes;

/**
 * The Spark engine on an embedded master, {@code local[2,F]}: two task threads in this JVM,
 * each task tried F times, so that Spark's retries happen here as on a cluster.
 */
class SparkEngineTest {

    @TempDir
    Path dir;

    private Path input;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        for (int i = 0; i < 9; i++) {
            TestImages.write(input.resolve(i % 3 == 0 ? "sub/photo" + i + ".jpg" : "photo" + i + ".png"), 96, 64, i);
        }
    }

    @Test
    void writesTheSameFilesBitForBitAsTheLocalEngine() throws IOException {
        SparkCli local = run("--strategy=loop", "--filter=Cartoon2", "--no-fork", "-o", dir.resolve("local").toString(),
                input.toString());
        SparkCli spark = run("--engine=spark", "--master=local[2,2]", "--partitions=4", "--strategy=virtual",
                "--filter=Cartoon2", "--repeat=3", "--format=csv", "-o", dir.resolve("spark").toString(),
                input.toString());

        assertThat(local.status()).isEqualTo(ExitCodes.OK);
        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.OK);
        Map<String, byte[]> expected = SparkCli.files(dir.resolve("local"));
        assertThat(expected).hasSize(9);
        assertThat(SparkCli.files(dir.resolve("spark"))).containsOnlyKeys(expected.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
        assertThat(spark.column("engine")).isEqualTo("spark");
        assertThat(spark.column("images")).isEqualTo("9");
        assertThat(spark.column("failed")).isEqualTo("0");
        // The statistics come from the same counted runs as a local row's.
        assertThat(spark.column("runs")).isEqualTo("3");
        double mean = Double.parseDouble(spark.column("time_ms_mean"));
        assertThat(mean).isPositive().isBetween(Double.parseDouble(spark.column("time_ms_min")),
                Double.parseDouble(spark.column("time_ms_max")));
        assertThat(Double.parseDouble(spark.column("time_ms_ci_low"))).isLessThanOrEqualTo(mean);
        assertThat(Double.parseDouble(spark.column("time_ms_ci_high"))).isGreaterThanOrEqualTo(mean);
        assertThat(Double.parseDouble(spark.column("speedup"))).isEqualTo(1.0);
    }

    @Test
    void fileUrisAreReadAndWrittenThroughHadoopWithTheLocalEnginesBytes() throws IOException {
        Files.write(input.resolve("broken.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3});
        Files.write(input.resolve(".hidden.png"), new byte[] {1});
        // Left by a task of this run killed mid-write: the run's sweep deletes it.
        Path stale = dir.resolve("uri/." + "photo1.png." + OneWriter.RUN + "-abc.loomy-tmp");
        Files.createDirectories(stale.getParent());
        Files.write(stale, new byte[] {1, 2});
        SparkCli local = run("--strategy=loop", "--no-fork", "-o", dir.resolve("local").toString(), input.toString());
        SparkCli spark = run("--engine=spark", "--master=local[2,2]", "--partitions=3", "--strategy=virtual",
                "--format=json", "-o", "file://" + dir.resolve("uri"), "file://" + input);

        assertThat(local.status()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        // The same files, and only those: no temporary file, no checksum file beside each output.
        Map<String, byte[]> expected = SparkCli.files(dir.resolve("local"));
        assertThat(expected).hasSize(9);
        assertThat(SparkCli.files(dir.resolve("uri"))).containsOnlyKeys(expected.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
        // A failure names the image as its URI.
        assertThat(spark.err().lines().filter(l -> l.contains("broken.png"))).singleElement().asString()
                .startsWith("loomy: file:" + input.resolve("broken.png"));
        assertThat(spark.out()).contains("\"output\" : \"file://" + dir.resolve("uri") + "\"")
                .contains("\"inputs\" : [ \"file://" + input + "\" ]");
    }

    @Test
    void anOutputUriInsideAnInputFolderIsRefusedBeforeAnyWork() {
        SparkCli spark = run("--engine=spark", "--master=local[1]", "-o", "file://" + input.resolve("out"),
                "file://" + input);

        assertThat(spark.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(spark.err().lines()).singleElement().asString()
                .isEqualTo("loomy: output folder file://" + input.resolve("out") + " is inside the input folder file://"
                        + input + ": choose another with -o");
        assertThat(input.resolve("out")).doesNotExist();
    }

    @Test
    void twoNamesThatDifferOnlyInAByteThatIsNotUtf8AreTwoImagesWithTwoOutputs() throws Exception {
        Path in = Files.createDirectories(dir.resolve("latin1"));
        TestImages.write(in.resolve("a.png"), 40, 30, 1);
        TestImages.write(in.resolve("b.png"), 40, 30, 2);
        // Java cannot spell a name that is not UTF-8; the shell can.
        Process bash = new ProcessBuilder("bash", "-c", "mv a.png $'caf\\xe9.png' && mv b.png $'caf\\xe8.png'")
                .directory(in.toFile()).inheritIO().start();
        assertThat(bash.waitFor()).isZero();
        List<Path> names;
        try (Stream<Path> listing = Files.list(in)) {
            names = listing.map(Path::getFileName).toList();
        }
        Path out = dir.resolve("out");

        SparkCli spark = run("--engine=spark", "--master=local[2]", "--partitions=2", "--strategy=loop",
                "--filter=Gray", "--format=csv", "-o", out.toString(), in.toString());

        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.OK);
        assertThat(spark.column("images")).isEqualTo("2");
        List<Path> written;
        try (Stream<Path> listing = Files.list(out)) {
            written = listing.toList();
        }
        // Paths compare by their bytes: each output has the very name of its input.
        assertThat(written.stream().map(Path::getFileName)).containsExactlyInAnyOrderElementsOf(names);
        assertThat(Files.readAllBytes(written.get(0))).isNotEqualTo(Files.readAllBytes(written.get(1)));
    }

    @Test
    void aCorruptImageIsAFailedImageAndTheJobGoesOn() throws IOException {
        Files.write(input.resolve("broken.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3});

        SparkCli spark = run("--engine=spark", "--master=local[2,2]", "--strategy=loop", "--format=csv", "-o",
                dir.resolve("out").toString(), input.toString());

        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(spark.err().lines().filter(l -> l.contains("broken.png"))).hasSize(1);
        assertThat(spark.column("failed")).isEqualTo("1");
        assertThat(spark.column("outcome")).isEqualTo("failed-images");
        assertThat(SparkCli.files(dir.resolve("out"))).hasSize(9).doesNotContainKey("broken.png");
    }

    @Test
    void aDamagedJpegIsWarnedAboutAndCountedAndStrictFailsIt() throws IOException {
        byte[] jpeg = Files.readAllBytes(input.resolve("sub/photo0.jpg"));
        Files.write(input.resolve("half.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));

        SparkCli lenient = run("--engine=spark", "--master=local[2,2]", "--strategy=loop", "--format=csv", "-o",
                dir.resolve("lenient").toString(), input.toString());
        SparkCli strict = run("--engine=spark", "--master=local[2,2]", "--strategy=loop", "--format=csv", "--strict", "-o",
                dir.resolve("strict").toString(), input.toString());

        // The executor's warning comes back to the driver: one line, the row counts it, the image is written.
        assertThat(lenient.status()).as(lenient.err()).isEqualTo(ExitCodes.OK);
        assertThat(lenient.err().lines().filter(l -> l.contains("half.jpg"))).singleElement().asString()
                .contains(": warning: truncated");
        assertThat(lenient.column("warnings")).isEqualTo("1");
        assertThat(lenient.column("failed")).isEqualTo("0");
        assertThat(SparkCli.files(dir.resolve("lenient"))).hasSize(10).containsKey("half.jpg");
        // --strict reaches the executors: the same file is a failed image there.
        assertThat(strict.status()).as(strict.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(strict.err().lines().filter(l -> l.contains("half.jpg"))).singleElement().asString()
                .doesNotContain("warning").contains(": truncated");
        assertThat(strict.column("warnings")).isEqualTo("0");
        assertThat(strict.column("failed")).isEqualTo("1");
        assertThat(SparkCli.files(dir.resolve("strict"))).hasSize(9).doesNotContainKey("half.jpg");
    }

    @Test
    void aMasterThatSparkCannotParseIsRefusedBeforeAnyWork() {
        SparkCli bogus = run("--engine=spark", "--master=bogus", "-o", dir.resolve("out").toString(), input.toString());
        SparkCli yarn = run("--engine=spark", "--master=yarn", "-o", dir.resolve("out").toString(), input.toString());

        assertThat(bogus.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(bogus.err().lines()).singleElement().asString()
                .startsWith("loomy: --master=bogus: not a master URL that Spark takes (local, local[N], ");
        // Spark's core has no YARN cluster manager: Spark would say only that it cannot parse "yarn".
        assertThat(yarn.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(yarn.err().lines()).singleElement().asString()
                .startsWith("loomy: --master=yarn: needs Spark's YARN support");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aStandaloneMasterThatCannotBeReachedIsACrashedRowSaidInOneLine() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String master = "spark://127.0.0.1:" + port;
        long start = System.nanoTime();
        SparkCli spark = run("--engine=spark", "--master=" + master, "--strategy=loop", "--format=csv", "-o",
                dir.resolve("out").toString(), input.toString());

        // Spark's own client would try 3 times, 20 s apart, before it gave up.
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(15));
        assertThat(spark.status()).isEqualTo(ExitCodes.CRASHED);
        String reason = "cannot reach the Spark master " + master + ": Connection refused";
        assertThat(spark.err().lines()).singleElement().asString().isEqualTo("loomy: " + reason);
        assertThat(spark.column("outcome")).isEqualTo("crashed");
        assertThat(spark.column("note")).isEqualTo(reason);
        assertThat(spark.column("engine")).isEqualTo("spark");
    }

    @Test
    void reproducibleIsRefusedBeforeAnyWork() {
        SparkCli spark = run("--engine=spark", "--master=local[1]", "--reproducible", "-o", dir.resolve("out").toString(),
                input.toString());

        assertThat(spark.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(spark.err().lines()).singleElement().asString()
                .contains("--reproducible with --engine=spark: executors cannot be started with OpenCV pinned");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void automaticRepeatsProfilersAndScansAreRefusedBeforeAnyWork() {
        SparkCli auto = run("--engine=spark", "--master=local[1]", "--repeat=auto", "-o", dir.resolve("out").toString(),
                input.toString());
        SparkCli profiled = run("--engine=spark", "--master=local[1]", "--profile=gc", "-o", dir.resolve("out").toString(),
                input.toString());
        SparkCli scanned = run("--engine=spark", "--master=local[1]", "--parallelism=1,2", "-o", dir.resolve("out").toString(),
                input.toString());

        assertThat(auto.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(auto.err().lines()).singleElement().asString()
                .startsWith("loomy: --repeat=auto with --engine=spark: ").contains("--repeat=N");
        assertThat(profiled.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(profiled.err().lines()).singleElement().asString()
                .startsWith("loomy: --profile with --engine=spark: ").contains("executor");
        assertThat(scanned.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(scanned.err().lines()).singleElement().asString()
                .startsWith("loomy: a scan of parallelism with --engine=spark: ");
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aRetriedTaskLeavesNoDuplicateAndNoTemporaryFile() throws IOException {
        // Each task's first attempt writes one image, then fails; Spark's second attempt writes them all again.
        String fault = "--spark-conf=" + SparkEngine.FAIL_FIRST_ATTEMPT + "=1";
        SparkCli once = run("--engine=spark", "--master=local[2,1]", fault, "--partitions=3", "--strategy=pool",
                "--quiet", "-o", dir.resolve("once").toString(), input.toString());
        SparkCli retried = run("--engine=spark", "--master=local[2,2]", fault, "--partitions=3", "--strategy=pool",
                "--format=csv", "-o", dir.resolve("retried").toString(), input.toString());
        SparkCli local = run("--strategy=pool", "--no-fork", "-o", dir.resolve("local").toString(), input.toString());

        // Without a second try, the fault fails the job: so the run below passes because of the retries.
        assertThat(once.status()).isEqualTo(ExitCodes.CRASHED);
        assertThat(retried.status()).as(retried.err()).isEqualTo(ExitCodes.OK);
        assertThat(retried.column("failed")).isEqualTo("0");
        Map<String, byte[]> expected = SparkCli.files(dir.resolve("local"));
        assertThat(SparkCli.files(dir.resolve("retried"))).containsOnlyKeys(expected.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
    }
}
