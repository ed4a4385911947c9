package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.OsFixtures;

/**
 * loomy replaces only a regular file of one name: a FIFO, a device, a socket, a folder, a link or a
 * file with a second name (hard link) where it would write is refused, in one line, and left as it
 * was; loomy's own state files ({@code OUT/.loomy/manifest}, {@code lock}) likewise, never waited on.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SpecialTargetsTest {

    @TempDir
    Path dir;

    private volatile boolean over;
    private final List<ServerSocketChannel> sockets = new ArrayList<>();

    /**
     * A FIFO that a stuck loomy would wait on for ever: from 15 s on, until the test is over, a guard
     * opens it again and again for reading and writing (which never waits), so that whatever waits
     * on it is released and the test fails rather than hangs.
     */
    private Path fifo(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        assertThat(OsFixtures.mkfifo(file)).isZero();
        Thread guard = new Thread(() -> {
            try {
                Thread.sleep(15_000);
                while (!over) {
                    try (FileChannel both = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                        Thread.sleep(100);
                    } catch (IOException gone) {
                        Thread.sleep(100);
                    }
                }
            } catch (InterruptedException ignored) {
                // The test is over.
            }
        });
        guard.setDaemon(true);
        guard.start();
        return file;
    }

    /** A device where root may make one (/dev/null's, 1,3); elsewhere a socket, another special file. */
    private Path device(Path file) throws Exception {
        Files.createDirectories(file.getParent());
        if (OsFixtures.nullDevice(file) == 0) {
            return file;
        }
        sockets.add(OsFixtures.unixSocket(file));
        return file;
    }

    @AfterEach
    void closeSockets() throws IOException {
        over = true;
        for (ServerSocketChannel socket : sockets) {
            socket.close();
        }
    }

    /** Whether {@code file} is still a FIFO, device or socket. */
    private static boolean special(Path file) throws IOException {
        return Files.readAttributes(file, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS).isOther();
    }

    private Path input() {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 8, 8);
        return in;
    }

    private Cli run(String... options) {
        List<String> args = new ArrayList<>(List.of("--strategy=loop", "-f", "NoOp", "--quiet"));
        args.addAll(List.of(options));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void assertRefused(Cli run, String... message) {
        assertThat(run.status()).as(run.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err().lines()).as(run.err()).hasSize(1);
        assertThat(run.err()).startsWith("loomy: ").contains(message).doesNotContain("internal error", "Exception");
    }

    @Test
    void exportsOntoADeviceOrAFifoAreRefusedBeforeAnyWorkAndLeftAsTheyWere() throws Exception {
        Path in = input();
        Path device = device(dir.resolve("dev/null"));
        Path fifo = fifo(dir.resolve("dev/pipe"));

        Cli refused = run("--export-csv=" + device, "--export-json=" + fifo, "-o", dir.resolve("out").toString(), in.toString());

        assertRefused(refused, "--export-csv=" + device, "not a regular file");
        assertThat(dir.resolve("out")).doesNotExist();
        assertThat(special(device)).isTrue();
        assertThat(special(fifo)).isTrue();
        assertRefused(run("--export-markdown=" + fifo, "-o", dir.resolve("out").toString(), in.toString()),
                "--export-markdown=" + fifo, "a FIFO");
        assertRefused(run("--chart=" + fifo(dir.resolve("chart.png")), "-o", dir.resolve("out").toString(), in.toString()),
                "--chart=", "a FIFO");
        assertRefused(run("--timeline=" + device(dir.resolve("timeline.png")), "-o", dir.resolve("out").toString(),
                in.toString()), "--timeline=", "not a regular file");
        assertThat(special(fifo)).isTrue();
    }

    @Test
    void aReportWithASecondNameIsRefusedAndTheOtherNameKeepsItsContent() throws Exception {
        Path in = input();
        Path theirs = Files.writeString(dir.resolve("theirs.csv"), "keep me\n");
        Path report = Files.createLink(dir.resolve("report.csv"), theirs);
        Path linked = Files.createSymbolicLink(dir.resolve("linked.json"), theirs);

        assertRefused(run("--report=" + report, "-o", dir.resolve("out").toString(), in.toString()), "2 hard links");
        assertRefused(run("--export-json=" + linked, "-o", dir.resolve("out").toString(), in.toString()), "a symbolic link");

        assertThat(Files.readString(theirs)).isEqualTo("keep me\n");
    }

    @Test
    void anOutputImageOnASpecialFileFailsThatImageInOneLineAndTheRunGoesOn() throws Exception {
        Path in = input();
        Path out = dir.resolve("out");
        Path fifo = fifo(out.resolve("img00.png"));
        Path theirs = Files.writeString(dir.resolve("theirs.png"), "keep me");
        Files.createLink(out.resolve("img01.png"), theirs);

        Cli ran = run("-o", out.toString(), in.toString());

        assertThat(ran.status()).as(ran.err()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(ran.err().lines()).as(ran.err()).hasSize(2);
        assertThat(ran.err()).contains("img00.png", "a FIFO", "img01.png", "2 hard links").doesNotContain("Exception");
        assertThat(special(fifo)).isTrue();
        assertThat(Files.readString(theirs)).isEqualTo("keep me");
    }

    @Test
    void aManifestOrLockThatIsAFifoIsRefusedNotWaitedOn() throws Exception {
        Path in = input();
        Path out = dir.resolve("out");
        Path manifest = fifo(out.resolve(".loomy/manifest"));

        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "manifest", "a FIFO");
        // Without --incremental too: a folder with a manifest keeps it up to date.
        assertRefused(run("-o", out.toString(), in.toString()), "manifest", "a FIFO");
        assertThat(special(manifest)).isTrue();

        Files.delete(manifest);
        Path lock = fifo(out.resolve(".loomy/lock"));
        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "lock", "a FIFO");
        assertThat(special(lock)).isTrue();
    }

    @Test
    void aManifestOrLockThatIsAFolderOrALinkIsOneLine() throws Exception {
        Path in = input();
        Path out = dir.resolve("out");
        Path state = Files.createDirectories(out.resolve(".loomy"));
        Path elsewhere = Files.writeString(dir.resolve("elsewhere"), "keep me\n");

        Files.createDirectories(state.resolve("manifest"));
        assertRefused(run("-o", out.toString(), in.toString()), "manifest", "a folder");
        Files.delete(state.resolve("manifest"));

        Files.createSymbolicLink(state.resolve("manifest"), elsewhere);
        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "manifest", "a symbolic link");
        Files.delete(state.resolve("manifest"));

        Files.createSymbolicLink(state.resolve("lock"), elsewhere);
        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "lock", "a symbolic link");
        Files.delete(state.resolve("lock"));

        Files.createDirectories(state.resolve("lock"));
        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "lock", "a folder");
        assertThat(Files.readString(elsewhere)).isEqualTo("keep me\n");
    }

    @Test
    void aHardLinkedManifestIsRefusedNotAppendedTo() throws Exception {
        Path in = input();
        Path out = dir.resolve("out");
        Path theirs = Files.writeString(dir.resolve("theirs.log"), "keep me\n");
        Files.createLink(Files.createDirectories(out.resolve(".loomy")).resolve("manifest"), theirs);

        assertRefused(run("--incremental", "-o", out.toString(), in.toString()), "manifest", "2 hard links");

        assertThat(Files.readString(theirs)).isEqualTo("keep me\n");
        assertThat(out.resolve("img00.png")).doesNotExist();
    }

    @Test
    void aHeatmapOnAFifoIsRefusedBeforeAnyWorkAndAHeatmapFolderThatIsAFileIsOneLine() throws Exception {
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        TestImages.write(a.resolve("x.png"), 16, 16, 1);
        TestImages.write(a.resolve("y.png"), 16, 16, 1);
        TestImages.write(b.resolve("x.png"), 16, 16, 2);
        TestImages.write(b.resolve("y.png"), 16, 16, 3);
        Path fifo = fifo(dir.resolve("heat/x.png.png"));

        Cli refused = Cli.run("diff", "--heatmap=" + dir.resolve("heat"), a.toString(), b.toString());

        assertRefused(refused, "x.png.png", "a FIFO");
        assertThat(special(fifo)).isTrue();
        assertThat(dir.resolve("heat/y.png.png")).doesNotExist();

        Path file = Files.writeString(dir.resolve("plain"), "x");
        assertRefused(Cli.run("diff", "--heatmap=" + file, a.toString(), b.toString()), "exists and is not a folder");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void aSampleNameTakenByASpecialFileIsRefusedBeforeAnyImageIsPainted() throws Exception {
        Path samples = dir.resolve("samples");
        assertThat(Cli.run("samples", "-n", "2", "--size=16x16", "--quiet", samples.toString()).status()).isZero();
        List<Path> made;
        try (var files = Files.list(samples)) {
            made = files.sorted().toList();
        }
        Path first = made.get(0);
        Files.delete(first);
        Path fifo = fifo(first);
        Files.delete(made.get(1));

        assertRefused(Cli.run("samples", "-n", "2", "--size=16x16", "--quiet", samples.toString()), "a FIFO");

        assertThat(special(fifo)).isTrue();
        assertThat(made.get(1)).doesNotExist();
    }

    @Test
    @Slow
    void aBaselineToSaveWithASecondNameOrOnAFifoIsRefusedBeforeAnyWork() throws Exception {
        Path in = input();
        Path home = dir.resolve("home");
        Path theirs = Files.writeString(dir.resolve("theirs.json"), "{}\n");
        Files.createLink(Files.createDirectories(home.resolve("baselines")).resolve("nightly.json"), theirs);
        Path fifo = fifo(home.resolve("baselines/weekly.json"));

        for (String name : List.of("nightly", "weekly")) {
            Path run = Files.createDirectories(dir.resolve("run-" + name));
            LoomyProcess loomy = LoomyProcess.start(run, Map.of("LOOMY_HOME", home.toString()), List.of(), "-s", "loop",
                    "-f", "NoOp", "--quiet", "--save-baseline=" + name, "-o", dir.resolve("out").toString(), in.toString());
            assertThat(loomy.process().waitFor(50, TimeUnit.SECONDS)).as(name + " ends").isTrue();
            assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.USAGE);
            assertThat(loomy.stderr().lines()).as(loomy.stderr()).hasSize(1);
            assertThat(loomy.stderr()).startsWith("loomy: --save-baseline=" + name)
                    .contains(name.equals("nightly") ? "2 hard links" : "a FIFO");
        }

        assertThat(Files.readString(theirs)).isEqualTo("{}\n");
        assertThat(special(fifo)).isTrue();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void aRecordingOnAFifoIsRefusedBeforeAnyWork() throws Exception {
        Path in = input();
        Path out = dir.resolve("out");
        Path fifo = fifo(out.resolve("jfr/loop-NoOp.jfr"));

        assertRefused(run("--no-fork", "--profile=jfr", "-o", out.toString(), in.toString()), "--profile=jfr", "a FIFO");

        assertThat(special(fifo)).isTrue();
        assertThat(out.resolve("img00.png")).doesNotExist();
    }
}
