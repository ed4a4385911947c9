package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.KeptInputs;
import dev.loomy.testing.OsFixtures;

/**
 * Whatever paths the user gives, an input is never rewritten, replaced or joined by an output:
 * every such run is refused before any work, with one line, exit 2, and nothing written.
 */
class InputsUntouchedTest {

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
        inputs.write("a.png", 30, 20, 1);
        inputs.write("sub/b.jpg", 30, 20, 2);
    }

    /** Refused with one line naming {@code named}, and the inputs as they were, with nothing beside them. */
    private void assertRefused(Cli cli, String... named) throws Exception {
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).singleElement().asString().startsWith("loomy: ").contains(named);
        assertThat(cli.out()).isEmpty();
        inputs.assertUntouched();
    }

    @Test
    void aChartTimelineOrReportInsideAnInputFolderIsRefused() throws Exception {
        assertRefused(Cli.run("-o", out.toString(), "--chart=" + in.resolve("chart.png"), in.toString()),
                "--chart=", "input folder " + in);
        assertRefused(Cli.run("-o", out.toString(), "--timeline=" + in.resolve("sub/t.png"), in.toString()),
                "--timeline=", "input folder " + in);
        assertRefused(Cli.run("--no-write", "--report=" + in.resolve("sub/r.json"), in.toString()),
                "--report=", "input folder " + in);
        assertThat(out).doesNotExist();
    }

    @Test
    void jfrRecordingsInsideAnInputFolderAreRefusedWithoutImagesWritten() throws Exception {
        // With --no-write no output folder is checked, but the recordings still go into OUTPUT/jfr.
        assertRefused(Cli.run("--no-write", "--profile=jfr", "-o", in.resolve("sub").toString(), in.toString()),
                "--profile=jfr", "input folder " + in);
    }

    @Test
    void aChartOntoAnInputImageIsRefused() throws Exception {
        Path image = in.resolve("a.png");
        assertRefused(Cli.run("-o", out.toString(), "--chart=" + image, image.toString()), "is the input image " + image);
        assertThat(out).doesNotExist();
    }

    @Test
    void aLinkedFolderInTheOutputFolderIsRefusedAndNamed() throws Exception {
        Files.createDirectories(out);
        Path link = Files.createSymbolicLink(out.resolve("sub"), Path.of("../in/sub"));

        assertRefused(Cli.run("-f", "Cartoon2", "-o", out.toString(), in.toString()), "symbolic link " + link,
                "input folder " + in);
        assertThat(out).isDirectoryNotContaining(p -> !p.equals(link));
    }

    @Test
    void aLinkedFileInTheOutputFolderIsRefusedAndNamed() throws Exception {
        Files.createDirectories(out);
        Path link = Files.createSymbolicLink(out.resolve("a.png"), in.resolve("a.png"));

        assertRefused(Cli.run("-f", "Cartoon2", "-o", out.toString(), in.toString()),
                "is the input image " + in.resolve("a.png"), "link " + link);
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(out.resolve("sub")).doesNotExist();
    }

    @Test
    void anInputFolderMountedInTheOutputFolderIsRefused() throws Exception {
        Path mountPoint = Files.createDirectories(out.resolve("sub"));
        Process mount = OsFixtures.bindMount(in.resolve("sub"), mountPoint);
        String said = new String(mount.getInputStream().readAllBytes());
        if (mount.waitFor() != 0) {
            // Where no bind mount can be made, InputGuardTest shows the same check on folders that
            // share an identity under two unrelated real paths; here, only that mounting was refused.
            assertThat(said.toLowerCase()).containsAnyOf("permission", "superuser", "not permitted", "root");
            return;
        }
        try {
            assertThat(mountPoint.resolve("b.jpg")).exists();
            assertRefused(Cli.run("-f", "Cartoon2", "-o", out.toString(), in.toString()), mountPoint.toString(),
                    "input folder " + in);
        } finally {
            OsFixtures.unmount(mountPoint);
        }
    }

    @Test
    void anOutputFolderUnderAFileIsRefusedBeforeAnyImage() throws Exception {
        Path file = Files.writeString(dir.resolve("plain"), "not a folder");

        Cli cli = Cli.run("-s", "loop", "-o", file.resolve("out").toString(), in.toString());

        assertRefused(cli, "output folder " + file.resolve("out"), file + " is a file, not a folder");
    }

    @Slow
    @Test
    void anOutputFolderWithoutWritePermissionIsRefusedBeforeAnyImage() throws Exception {
        Path locked = Files.createDirectories(dir.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            for (Path output : List.of(locked, locked.resolve("new/out"))) {
                Unprivileged loomy = Unprivileged.run(dir, "-s", "loop", "--no-fork", "-o", output.toString(), in.toString());

                assertThat(loomy.status()).as(loomy.err()).isEqualTo(ExitCodes.USAGE);
                assertThat(loomy.err().lines().toList()).singleElement().asString()
                        .isEqualTo("loomy: output folder " + output + " cannot be written: "
                                + (output.equals(locked) ? "it" : locked.toString()) + " is not writable: choose another with -o");
                assertThat(loomy.out()).isEmpty();
            }
            assertThat(locked).isEmptyDirectory();
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwx------"));
        }
    }
}
