package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.KeptInputs;

/**
 * Every file loomy writes goes through its one writer: never through a link, never into an input,
 * even one that another process swaps in during the run, never in place of a good file when the
 * disk is full. Through the command line, in a real loomy process where links, environment,
 * signals or a full disk are involved.
 */
class WriteSafetyTest {

    @TempDir
    Path dir;

    Path in;
    Path out;
    KeptInputs inputs;

    @BeforeEach
    void inputs() throws Exception {
        in = dir.resolve("in");
        out = dir.resolve("out");
        inputs = new KeptInputs(in);
        for (int i = 0; i < 4; i++) {
            inputs.write("sub/p" + i + ".png", 24, 16, i);
        }
    }

    @Test
    void aLinkPlantedWhereAJfrRecordingGoesIsNotWrittenThrough() throws Exception {
        Path victim = Files.writeString(dir.resolve("victim.txt"), "the user's own file");
        Path planted = Files.createSymbolicLink(Files.createDirectories(out.resolve("jfr")).resolve("loop-NoOp.jfr"),
                victim);

        Cli cli = Cli.run("-s", "loop", "-f", "NoOp", "--no-fork", "--profile=jfr", "-o", out.toString(), in.toString());

        assertThat(Files.readString(victim)).isEqualTo("the user's own file");
        assertThat(Files.isSymbolicLink(planted)).isTrue();
        // Refused before any work, in one line naming the file and what it is.
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines()).singleElement().asString()
                .contains(planted.toString(), "it is a symbolic link, not a regular file");
        try (Stream<Path> files = Files.list(out.resolve("jfr"))) {
            assertThat(files).containsExactly(planted);
        }
        inputs.assertUntouched();
    }

    @Test
    void aJfrRecordingIsWrittenWholeUnderItsName() throws Exception {
        Cli cli = Cli.run("-s", "loop", "-f", "NoOp", "--no-fork", "--profile=jfr", "-o", out.toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.OK);
        Path recording = out.resolve("jfr/loop-NoOp.jfr");
        assertThat(Files.size(recording)).isGreaterThan(1000);
        try (Stream<Path> files = Files.list(out.resolve("jfr"))) {
            assertThat(files).containsExactly(recording);
        }
    }

    @Slow
    @Test
    void anOutputFolderSwappedForALinkIntoAnInputDuringTheRunIsNotWrittenInto() throws Exception {
        // One image a second (--io-latency), each written as JPEG: a new file in in/sub would show.
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "-s", "loop", "-f", "NoOp", "--no-fork",
                "--io-latency=1s", "--image-format=jpg", "-o", out.toString(), in.toString());
        Path first = out.resolve("sub/p0.jpg");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!Files.exists(first) && System.nanoTime() < deadline && loomy.process().isAlive()) {
            Thread.sleep(20);
        }
        assertThat(first).as("the first output, %s", loomy.stderr()).exists();
        // As another process would: the folder replaced by a link to the input folder of the same name.
        try (Stream<Path> files = Files.list(out.resolve("sub"))) {
            for (Path file : files.toList()) {
                Files.delete(file);
            }
        }
        Files.delete(out.resolve("sub"));
        Files.createSymbolicLink(out.resolve("sub"), in.resolve("sub"));

        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        inputs.assertUntouched();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(loomy.stderr()).contains("p3.jpg: cannot be written: not written: its folder ")
                .contains("is now the input folder " + in);
    }

    @Slow
    @Test
    void aBaselineUnderALoomyHomeInsideAnInputIsRefusedBeforeAnyWork() throws Exception {
        Path home = in.resolve("sub/home");
        LoomyProcess loomy = LoomyProcess.start(dir, Map.of("LOOMY_HOME", home.toString()), List.of(), "-s", "loop",
                "-f", "NoOp", "--no-fork", "--save-baseline=b", "-o", out.toString(), in.toString());

        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.USAGE);
        assertThat(loomy.stderr().lines().toList()).singleElement().asString().contains("--save-baseline=b")
                .contains("input folder " + in);
        assertThat(home).doesNotExist();
        assertThat(out).doesNotExist();
        inputs.assertUntouched();
    }

    @Slow
    @Test
    void theGalleryWarmsUpWithoutWritingAnything() throws Exception {
        Path tmp = Files.createDirectories(dir.resolve("tmp"));
        Files.setLastModifiedTime(tmp, FileTime.fromMillis(0));
        LoomyProcess loomy = LoomyProcess.start(dir, List.of("-Djava.io.tmpdir=" + tmp), "gallery", "-f", "NoOp",
                "-o", out.toString(), in.toString());

        assertThat(loomy.process().waitFor(100, TimeUnit.SECONDS)).isTrue();

        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.OK);
        // A folder made and deleted in it leaves its time changed.
        assertThat(Files.getLastModifiedTime(tmp)).isEqualTo(FileTime.fromMillis(0));
        assertThat(tmp).isEmptyDirectory();
        inputs.assertUntouched();
    }

    @Slow
    @Test
    void standardOutputThatCannotBeWrittenIsSaidAndFailsTheRun() throws Exception {
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "--enable-native-access=ALL-UNNAMED", "dev.loomy.cli.Main",
                "-s", "loop", "-f", "NoOp", "--no-fork", "--no-write", in.toString());
        Process loomy = new ProcessBuilder(command).redirectOutput(new File("/dev/full"))
                .redirectError(dir.resolve("err.txt").toFile()).start();

        assertThat(loomy.waitFor(60, TimeUnit.SECONDS)).isTrue();

        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(loomy.exitValue()).as(err).isEqualTo(ExitCodes.USAGE);
        assertThat(err.lines().filter(line -> line.contains("standard output"))).singleElement().asString()
                .startsWith("loomy: ").contains("could not be written");
    }

    @Slow
    @Test
    void aReportOrBaselineOnAFullDiskFailsLoudlyAndKeepsTheOldFile() throws Exception {
        Path disk = Files.createDirectories(dir.resolve("disk"));
        Process mount = new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", disk.toString())
                .redirectErrorStream(true).start();
        String said = new String(mount.getInputStream().readAllBytes());
        if (mount.waitFor() != 0) {
            // Where no file system can be mounted (no privilege), only that mounting was refused.
            assertThat(said.toLowerCase()).containsAnyOf("permission", "superuser", "not permitted", "root");
            return;
        }
        try {
            Path baseline = Files.writeString(Files.createDirectories(disk.resolve("baselines")).resolve("b.json"),
                    "{\"saved\": \"before\"}");
            Path report = Files.writeString(disk.resolve("r.csv"), "an older report");
            new ProcessBuilder("dd", "if=/dev/zero", "of=" + disk.resolve("filler"), "bs=4k").start().waitFor();

            LoomyProcess loomy = LoomyProcess.start(dir, Map.of("LOOMY_HOME", disk.toString()), List.of(), "-s", "loop",
                    "-f", "NoOp", "--no-fork", "--no-write", "--save-baseline=b", "--report=" + report, in.toString());
            assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();

            assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.USAGE);
            assertThat(loomy.stderr()).contains("--report=" + report + ": cannot be written: no space left on device")
                    .contains("--save-baseline=" + baseline + ": cannot be written: no space left on device");
            assertThat(Files.readString(baseline)).isEqualTo("{\"saved\": \"before\"}");
            assertThat(Files.readString(report)).isEqualTo("an older report");
            try (Stream<Path> files = Files.list(disk)) {
                assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("baselines", "r.csv",
                        "filler");
            }
        } finally {
            new ProcessBuilder("umount", disk.toString()).inheritIO().start().waitFor();
        }
    }
}
