package dev.loomy.engine.spark;

import static dev.loomy.engine.spark.SparkCli.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.run.ExitCodes;

/** {@code --incremental} on the Spark engine's embedded master, as a user runs it. */
class SparkIncrementalTest {

    private static final int IMAGES = 8;

    @TempDir
    Path dir;

    private Path input;
    private Path out;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        out = dir.resolve("out");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("sub%d/img%d.png", i % 2, i)), 40, 30, i);
        }
    }

    private static SparkCli spark(String output, String inputs, String... extra) {
        List<String> args = new ArrayList<>(List.of("--engine=spark", "--master=local[2]", "--partitions=3",
                "--strategy=loop", "-f", "Canny", "--format=csv", "--quiet", "--incremental", "-o", output));
        args.addAll(List.of(extra));
        args.add(inputs);
        SparkCli run = run(args);
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.OK);
        return run;
    }

    private static List<ManifestRecord> records(Path folder) throws IOException {
        List<ManifestRecord> records = new ArrayList<>();
        Manifest.read(folder, records::add);
        return records;
    }

    @Test
    void aReRunSkipsEveryUpToDateOutputAndRedoesOnlyChangedInputs() throws IOException {
        SparkCli first = spark(out.toString(), input.toString());
        assertThat(first.column("images")).isEqualTo(String.valueOf(IMAGES));
        assertThat(first.column("skipped")).isEqualTo("0");
        List<ManifestRecord> made = records(out);
        assertThat(made).extracting(ManifestRecord::output).containsExactlyInAnyOrder(
                "sub0/img0.png", "sub1/img1.png", "sub0/img2.png", "sub1/img3.png",
                "sub0/img4.png", "sub1/img5.png", "sub0/img6.png", "sub1/img7.png");
        assertThat(made).allSatisfy(record -> {
            Path source = Path.of(record.input());
            assertThat(source).startsWith(input.toAbsolutePath());
            assertThat(record.size()).isEqualTo(Files.size(source));
            assertThat(record.modified()).isEqualTo(Files.getLastModifiedTime(source).toMillis());
            assertThat(record.outputSize()).isEqualTo(Files.size(out.resolve(record.output())));
        });
        Map<String, byte[]> outputs = SparkCli.files(out);

        SparkCli again = spark(out.toString(), input.toString());
        assertThat(again.column("images")).isEqualTo("0");
        assertThat(again.column("skipped")).isEqualTo(String.valueOf(IMAGES));
        assertThat(records(out)).hasSize(IMAGES);

        // One input touched, one rewritten with other bytes, one output deleted: those three are done again.
        Path touched = input.resolve("sub1/img3.png");
        Files.setLastModifiedTime(touched, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis() + 5000));
        TestImages.write(input.resolve("sub0/img4.png"), 41, 30, 99);
        Files.delete(out.resolve("sub1/img7.png"));
        SparkCli changed = spark(out.toString(), input.toString());
        assertThat(changed.column("images")).isEqualTo("3");
        assertThat(changed.column("skipped")).isEqualTo(String.valueOf(IMAGES - 3));
        assertThat(records(out)).hasSize(IMAGES + 3).last().extracting(ManifestRecord::output)
                .isIn("sub1/img3.png", "sub0/img4.png", "sub1/img7.png");
        assertThat(SparkCli.files(out)).containsOnlyKeys(outputs.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> {
                    if (!name.equals("sub0/img4.png") && !name.startsWith(".loomy/")) {
                        assertThat(bytes).as(name).isEqualTo(outputs.get(name));
                    }
                });
    }

    @Test
    void theLocalEnginesOutputsAreUpToDateForSparkAndAFileUriOutputKeepsTheSameManifest() throws IOException {
        SparkCli local = run("-f", "Canny", "--strategy=loop", "--no-fork", "--incremental", "--format=csv", "--quiet",
                "-o", out.toString(), input.toString());
        assertThat(local.status()).as(local.err()).isEqualTo(ExitCodes.OK);

        SparkCli spark = spark("file://" + out, input.toString());
        assertThat(spark.column("images")).isEqualTo("0");
        assertThat(spark.column("skipped")).isEqualTo(String.valueOf(IMAGES));

        // A file: URI's inputs are named by their URIs: new records, then up to date.
        SparkCli uris = spark("file://" + out, "file://" + input);
        assertThat(uris.column("images")).isEqualTo(String.valueOf(IMAGES));
        assertThat(records(out)).hasSize(2 * IMAGES).last().extracting(ManifestRecord::input).asString()
                .startsWith("file:" + input);
        SparkCli again = spark("file://" + out, "file://" + input);
        assertThat(again.column("skipped")).isEqualTo(String.valueOf(IMAGES));
        assertThat(records(out)).hasSize(2 * IMAGES);
    }

    @Test
    void aRunWithoutIncrementalIntoAFolderWithAManifestRecordsWhatItRemade() throws IOException {
        spark(out.toString(), input.toString());
        Set<String> before = new HashSet<>(records(out).stream().map(ManifestRecord::toString).toList());

        SparkCli all = run("--engine=spark", "--master=local[2]", "--strategy=loop", "-f", "Canny", "--format=csv",
                "--quiet", "-o", out.toString(), input.toString());

        assertThat(all.status()).as(all.err()).isEqualTo(ExitCodes.OK);
        assertThat(all.column("images")).isEqualTo(String.valueOf(IMAGES));
        assertThat(records(out)).hasSize(2 * IMAGES).filteredOn(r -> !before.contains(r.toString())).isEmpty();
    }

    @Test
    void aFileUriOutputFolderIsLockedAsAPathIs() throws IOException {
        try (Manifest.Lock held = Manifest.lock(out)) {
            SparkCli refused = run("--engine=spark", "--master=local[1]", "--incremental", "-o", "file://" + out,
                    input.toString());

            assertThat(refused.status()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err().lines()).singleElement().asString()
                    .contains("another loomy run is writing into this folder");
        }
        assertThat(records(out)).isEmpty();
    }

    @Test
    void anOutputOnHdfsOrS3IsRefusedInOneLine() {
        for (String output : List.of("hdfs://127.0.0.1:9/out", "s3a://bucket/out")) {
            SparkCli refused = run("--engine=spark", "--master=local[1]", "--incremental", "-o", output,
                    input.toString());

            assertThat(refused.status()).isEqualTo(ExitCodes.USAGE);
            assertThat(refused.err().lines()).singleElement().asString().isEqualTo("loomy: --incremental with --output="
                    + output + ": the manifest is kept only in an output folder on a path or a file: URI; HDFS and S3 "
                    + "have no lock that a killed run lets go of");
        }
    }
}
