package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.OsFixtures;

/** Names and folders as a careless or hostile user may make them: each works, or says so in one line. */
class HostileNamesTest {

    @TempDir
    Path dir;

    private static List<Path> files(Path folder) throws Exception {
        try (Stream<Path> walk = Files.walk(folder)) {
            return walk.filter(Files::isRegularFile).toList();
        }
    }

    @Test
    void aNameOf250BytesAndMoreIsWritten() throws Exception {
        Path in = dir.resolve("in");
        String ascii = "a".repeat(251) + ".png";
        String accented = "é".repeat(124) + "xy.jpg";
        TestImages.write(in.resolve(ascii), 20, 20, 1);
        TestImages.write(in.resolve(accented), 20, 20, 2);
        Path out = dir.resolve("out");

        Cli cli = Cli.run("-s", "loop", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(files(out)).containsExactlyInAnyOrder(out.resolve(ascii), out.resolve(accented));
    }

    @Test
    void controlCharactersAndBytesThatAreNotUtf8AreEscapedOnStandardError() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        TestImages.write(in.resolve("good.png"), 20, 20, 1);
        Files.writeString(in.resolve("red\u001B[31m\nline.png"), "not an image");
        // Java cannot spell a name that is not UTF-8; the shell can.
        assertThat(OsFixtures.bash(in, "printf 'not an image' > $'latin1-\\xe9t\\xe9.png'")).isZero();

        Cli cli = Cli.run("-s", "loop", "--no-write", "--quiet", in.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.FAILED_IMAGES);
        List<String> lines = cli.err().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("in/latin1-\\xE9t\\xE9.png: not an image"));
        assertThat(lines).anySatisfy(line -> assertThat(line).contains("in/red\\x1B[31m\\nline.png: not an image"));
        assertThat(cli.err()).doesNotContain("\u001B").doesNotContain("\uFFFD");
    }

    @Test
    void theSameInputGivenTwiceIsProcessedOnceWithANote() throws Exception {
        Path in = dir.resolve("in");
        Path a = TestImages.write(in.resolve("a.png"), 20, 20, 1);
        TestImages.write(in.resolve("sub/b.png"), 20, 20, 2);
        Path out = dir.resolve("out");

        Cli cli = Cli.run("-s", "loop", "-o", out.toString(), "--format=table", in.toString(), a.toString(),
                in.toString(), in.resolve("sub").toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("loomy: note: " + a + ": an image already given by " + in + ", processed once")
                .contains("loomy: note: " + in + ": 2 images already given by " + in + ", processed once")
                .contains("loomy: note: " + in.resolve("sub") + ": an image already given by " + in + ", processed once");
        assertThat(cli.out()).contains("over all 2 images");
        assertThat(files(out)).containsExactlyInAnyOrder(out.resolve("a.png"), out.resolve("sub/b.png"));
    }

    @Test
    void quietKeepsTheNoteAboutAnInputGivenTwiceToItself() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("a.png"), 20, 20, 1);

        Cli cli = Cli.run("-s", "loop", "--no-write", "--quiet", "--format=table", in.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err()).isEmpty();
        assertThat(cli.out()).isNotEmpty();
    }

    @Test
    void aTiffOfSeveralPagesIsProcessedWithANoteSayingWhichPage() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        Path scan = TestImages.tiff(in.resolve("scan.tif"), 3);

        Cli cli = Cli.run("-s", "loop", "-o", dir.resolve("out").toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("loomy: note: " + scan + ": a TIFF of 3 pages; the first is used");
        assertThat(dir.resolve("out/scan.tif")).isRegularFile();
    }

    @Slow
    @Test
    void anUnreadableFolderIsReportedAndCounted() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("a.png"), 20, 20, 1);
        Path locked = in.resolve("locked");
        TestImages.write(locked.resolve("b.png"), 20, 20, 2);
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("---------"));
        try {
            Unprivileged loomy = Unprivileged.run(dir, "-s", "loop", "--no-write", "--no-fork", "--format=table", in.toString());

            assertThat(loomy.status()).as(loomy.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
            assertThat(loomy.err().lines()).filteredOn(line -> line.contains("locked")).singleElement().asString()
                    .isEqualTo("loomy: " + locked + ": skipped, cannot be read (permission denied)");
            assertThat(loomy.out()).contains("over all 1 images");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }

    @Test
    void aKilledRunsTemporaryFilesAreDeletedByTheNextAndALiveRunsAreNot() throws Exception {
        Path in = dir.resolve("in");
        TestImages.write(in.resolve("a.png"), 20, 20, 1);
        Path out = Files.createDirectories(dir.resolve("out/sub"));
        Path dead = Files.writeString(out.resolve(".a.png.999999999-1a2b3c.loomy-tmp"), "half an image");
        Process other = OsFixtures.sleeper();
        try {
            Path live = Files.writeString(out.resolve(".b.png." + other.pid() + "-4d5e6f.loomy-tmp"), "half an image");

            Cli cli = Cli.run("-s", "loop", "-o", dir.resolve("out").toString(), in.toString());

            assertThat(cli.status()).as(cli.err()).isZero();
            assertThat(cli.err()).contains("loomy: deleted 1 temporary file that an earlier run");
            assertThat(dead).doesNotExist();
            assertThat(live).exists();
        } finally {
            other.destroyForcibly();
        }
    }
}
