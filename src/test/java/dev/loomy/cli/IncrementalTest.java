package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.run.ExitCodes;

/** {@code --incremental} as a user runs it: outputs recorded, a re-run skips what is up to date and does the rest. */
class IncrementalTest {

    private static final int IMAGES = 6;

    @TempDir
    Path dir;

    Path input;
    Path out;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        out = dir.resolve("out");
        for (int i = 0; i < IMAGES; i++) {
            TestImages.write(input.resolve(String.format("sub%d/img%d.png", i % 2, i)), 32, 24, i);
        }
    }

    /** The first data row of CSV results, by column. */
    private static Map<String, String> row(Cli cli, int index) {
        String[] lines = cli.out().split("\n");
        String[] names = lines[0].split(",");
        String[] values = lines[1 + index].split(",", -1);
        Map<String, String> row = new HashMap<>();
        for (int i = 0; i < names.length; i++) {
            row.put(names[i], values[i]);
        }
        return row;
    }

    private Cli run(String... extra) {
        List<String> args = new ArrayList<>(List.of("-f", "Canny", "--format=csv", "--quiet", "-o", out.toString(),
                "--incremental"));
        args.addAll(List.of(extra));
        args.add(input.toString());
        return Cli.run(args.toArray(String[]::new));
    }

    private List<ManifestRecord> records() throws IOException {
        List<ManifestRecord> all = new ArrayList<>();
        Manifest.read(out, all::add);
        return all;
    }

    @Test
    void aReRunSkipsWhatIsUpToDateAndDoesWhatChanged() throws IOException {
        Cli first = run();
        assertThat(first.status()).as(first.err()).isEqualTo(ExitCodes.OK);
        assertThat(row(first, 0)).containsEntry("images", "6").containsEntry("skipped", "0");
        assertThat(records()).extracting(ManifestRecord::output).containsExactlyInAnyOrder(
                "sub0/img0.png", "sub1/img1.png", "sub0/img2.png", "sub1/img3.png", "sub0/img4.png", "sub1/img5.png");

        Cli again = run();
        assertThat(again.status()).as(again.err()).isEqualTo(ExitCodes.OK);
        assertThat(row(again, 0)).containsEntry("images", "0").containsEntry("skipped", "6");
        assertThat(records()).hasSize(6);

        // One input touched, one output deleted, one new input: three done, the rest skipped.
        Path touched = input.resolve("sub1/img3.png");
        Files.setLastModifiedTime(touched, FileTime.fromMillis(Files.getLastModifiedTime(touched).toMillis() + 60_000));
        Files.delete(out.resolve("sub0/img4.png"));
        TestImages.write(input.resolve("sub1/img9.png"), 32, 24, 9);
        Cli third = run();
        assertThat(row(third, 0)).containsEntry("images", "3").containsEntry("skipped", "4");
        assertThat(out.resolve("sub0/img4.png")).isRegularFile();
    }

    @Test
    void theManifestOfPhotosChangedEveryNightDropsItsSupersededRecords() throws IOException {
        assertThat(run().status()).isEqualTo(ExitCodes.OK);
        for (int night = 1; night <= 5; night++) {
            try (Stream<Path> images = Files.walk(input)) {
                for (Path image : images.filter(Files::isRegularFile).toList()) {
                    Files.setLastModifiedTime(image, FileTime.fromMillis(Files.getLastModifiedTime(image).toMillis() + 60_000));
                }
            }
            Cli again = run();
            assertThat(row(again, 0)).as(again.err()).containsEntry("images", "6");
            // Superseded records are dropped once they are more than half: never three lines an output.
            assertThat(Files.readAllLines(Manifest.fileIn(out))).as("night %d", night).hasSizeLessThanOrEqualTo(3 * IMAGES);
        }
        assertThat(row(run(), 0)).containsEntry("images", "0").containsEntry("skipped", "6");
    }

    @Test
    void otherParametersOrAnotherFormatRedoEveryImage() {
        assertThat(run().status()).isEqualTo(ExitCodes.OK);
        assertThat(row(run("--param=threshold1=20"), 0)).containsEntry("images", "6").containsEntry("skipped", "0");
        assertThat(row(run("--param=threshold1=20"), 0)).containsEntry("images", "0");
        assertThat(row(run("--param=threshold1=20", "--keep-metadata=none"), 0)).containsEntry("images", "6");
        assertThat(row(run("--image-format=jpg"), 0)).containsEntry("images", "6");
        assertThat(row(run("--image-format=jpg"), 0)).containsEntry("images", "0").containsEntry("skipped", "6");
    }

    @Test
    void severalFiltersAndStrategiesHaveRecordsOfTheirOwn() throws IOException {
        Cli first = run("-f", "NoOp,Canny", "-s", "loop,pool", "--no-fork");
        assertThat(first.status()).as(first.err()).isEqualTo(ExitCodes.OK);
        assertThat(records()).hasSize(4 * IMAGES);
        Cli again = run("-f", "NoOp,Canny", "-s", "loop,pool", "--no-fork");
        for (int row = 0; row < 4; row++) {
            assertThat(row(again, row)).containsEntry("images", "0").containsEntry("skipped", "6");
        }
    }

    @Test
    void aRunWithoutIncrementalIntoARecordedFolderKeepsTheRecordsTrue() throws IOException {
        assertThat(run().status()).isEqualTo(ExitCodes.OK);
        Cli plain = Cli.run("-f", "Canny", "--param=threshold1=20", "--format=csv", "--quiet", "-o", out.toString(),
                input.toString());
        assertThat(row(plain, 0)).containsEntry("images", "6").doesNotContainKey("skipped");
        // Its outputs are of threshold1=20 now: the first definition's re-run redoes them.
        assertThat(row(run(), 0)).containsEntry("images", "6");
    }

    @Test
    void noManifestWithoutIncremental() {
        Cli plain = Cli.run("-f", "Canny", "--quiet", "-o", out.toString(), input.toString());
        assertThat(plain.status()).isEqualTo(ExitCodes.OK);
        assertThat(out.resolve(Manifest.FOLDER)).doesNotExist();
    }

    @Test
    void incrementalWithNothingWrittenIsRefused() {
        Cli cli = run("--no-write");
        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--incremental").contains("--no-write");
    }

    @Test
    void theManifestIsNoImageOfALaterRunOverTheOutputs() throws IOException {
        assertThat(run().status()).isEqualTo(ExitCodes.OK);
        try (Stream<Path> all = Files.walk(out)) {
            assertThat(all.filter(p -> p.toString().contains(Manifest.FOLDER)).toList()).isNotEmpty();
        }
        Cli over = Cli.run("-f", "NoOp", "--no-write", "--format=csv", "--quiet", out.toString());
        assertThat(row(over, 0)).containsEntry("images", "6");
    }
}
