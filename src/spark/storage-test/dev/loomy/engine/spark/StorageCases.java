package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;

import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.run.ExitCodes;

/** What the tests of each storage check alike: the Spark engine reading and writing there, against the local engine. */
final class StorageCases {

    private StorageCases() {
    }

    /**
     * Photo-like images from {@code loomy samples} in {@code folder}, some in a sub-folder, with a
     * PNG that cannot be decoded ({@code broken.png}) and a JPEG cut short ({@code sub/half.jpg}).
     */
    static Path images(Path folder) throws IOException {
        SparkCli samples = SparkCli.run("samples", "--quiet", "--count=8", "--seed=28", folder.toString());
        assertThat(samples.status()).as(samples.err()).isEqualTo(ExitCodes.OK);
        Files.createDirectories(folder.resolve("sub"));
        for (String name : List.of("sample-0002.jpg", "sample-0003.png")) {
            Files.move(folder.resolve(name), folder.resolve("sub").resolve(name));
        }
        byte[] jpeg = Files.readAllBytes(folder.resolve("sample-0001.jpg"));
        Files.write(folder.resolve("sub/half.jpg"), Arrays.copyOf(jpeg, jpeg.length / 2));
        Files.write(folder.resolve("broken.png"), new byte[] {(byte) 0x89, 'P', 'N', 'G', 13, 10, 26, 10, 1, 2, 3});
        return folder;
    }

    /** The local engine's run over {@code images}, into {@code output}. */
    static SparkCli local(Path images, Path output) {
        SparkCli local = SparkCli.run("--strategy=loop", "--filter=Cartoon2", "--no-fork", "--quiet", "-o",
                output.toString(), images.toString());
        assertThat(local.status()).as(local.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        return local;
    }

    /**
     * The Spark engine reads the images of {@link #images} from {@code input} and writes into
     * {@code output} (URIs, on {@code storage}) the same files, bit for bit, as the local engine
     * wrote into {@code expected}, and nothing else: no temporary file, no partial one, none twice.
     * The first attempt of every task stops after its first image, so that the second writes that
     * image again over the complete one: HDFS and S3 rename over no file.
     */
    static void sameFilesAsTheLocalEngine(Storage storage, String input, String output, Path expected) throws IOException {
        List<String> args = new ArrayList<>(List.of("--engine=spark", "--master=local[2,2]", "--partitions=3",
                "--spark-conf=" + SparkEngine.FAIL_FIRST_ATTEMPT + "=1", "--strategy=virtual", "--filter=Cartoon2",
                "--format=csv", "-o", output, input));
        args.addAll(0, storage.sparkConf());
        SparkCli spark = SparkCli.run(args);

        assertThat(spark.status()).as(spark.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        Map<String, byte[]> local = SparkCli.files(expected);
        assertThat(local).hasSize(9).containsKey("sub/half.jpg");
        assertThat(storage.files(output)).containsOnlyKeys(local.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(local.get(name)));
        assertThat(spark.column("engine")).isEqualTo("spark");
        assertThat(spark.column("failed")).isEqualTo("1");
        assertThat(spark.column("warnings")).isEqualTo("1");
        // Each named once, by its URI: the failed image with its reason, the damaged one with a warning.
        assertThat(spark.linesNaming("broken.png")).singleElement().asString()
                .startsWith("loomy: " + input + "/broken.png: ");
        assertThat(spark.linesNaming("half.jpg")).singleElement().asString()
                .startsWith("loomy: " + input + "/sub/half.jpg: warning: ");
    }

    /**
     * {@code --incremental} over the images of {@link #images} at {@code input} (URIs, on
     * {@code storage}) into a local folder: the records name the inputs by their URIs, with the
     * sizes and times the storage gives them, and a re-run does only the image that failed.
     */
    static void incrementalFromStorage(Storage storage, String input, Path output) throws IOException {
        List<String> args = new ArrayList<>(storage.sparkConf());
        args.addAll(List.of("--engine=spark", "--master=local[2]", "--partitions=3", "--strategy=loop",
                "--filter=Cartoon2", "--incremental", "--format=csv", "--quiet", "-o", output.toString(), input));
        SparkCli first = SparkCli.run(args);
        SparkCli again = SparkCli.run(args);

        assertThat(first.status()).as(first.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(first.column("images")).isEqualTo("10");
        List<ManifestRecord> records = new ArrayList<>();
        Manifest.read(output, records::add);
        assertThat(records).hasSize(9).noneMatch(r -> r.output().equals("broken.png"));
        try (FileSystem fs = storage.fileSystem()) {
            for (ManifestRecord record : records) {
                FileStatus status = fs.getFileStatus(new org.apache.hadoop.fs.Path(record.input()));
                assertThat(record.input()).isEqualTo(input + "/" + record.output());
                assertThat(record.size()).isEqualTo(status.getLen());
                assertThat(record.modified()).isEqualTo(status.getModificationTime());
            }
        }
        assertThat(again.status()).as(again.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(again.column("images")).isEqualTo("1");
        assertThat(again.column("skipped")).isEqualTo("9");
        assertThat(again.linesNaming("broken.png")).hasSize(1);
    }

    /** A run refused before any image: exit 2, and {@code line} alone on standard error. */
    static SparkCli refused(List<String> sparkConf, String line, String... args) {
        List<String> all = new ArrayList<>(sparkConf);
        all.addAll(List.of("--engine=spark", "--master=local[1]", "--quiet"));
        all.addAll(List.of(args));
        SparkCli run = SparkCli.run(all);
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines()).singleElement().asString().isEqualTo(line);
        assertThat(run.out()).isEmpty();
        return run;
    }
}
