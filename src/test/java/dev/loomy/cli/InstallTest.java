package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;

/**
 * {@code ./run.sh install} and {@code uninstall} into a prefix of the test's own: scripts/install.sh
 * given run.sh, the completion script and man pages that {@link ToolFiles} makes, and a jar that
 * runs loomy from the test's classes (the real one is built only after the tests).
 */
@Slow
class InstallTest {

    @TempDir
    Path dir;

    private record Ran(int status, String out, String err) {
    }

    /** {@code command} run in {@code folder} with HOME in the test's folder; it must end within 3 minutes. */
    private Ran run(Path folder, String... command) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Path err = Files.createTempFile(dir, "err", ".txt");
        ProcessBuilder builder = new ProcessBuilder(command).directory(folder.toFile())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("HOME", Files.createDirectories(dir.resolve("home")).toString());
        environment.put("MANPAGER", "cat");
        environment.put("MANWIDTH", "100");
        Process process = builder.start();
        process.getOutputStream().close();
        assertThat(process.waitFor(3, TimeUnit.MINUTES)).as("%s ends", List.of(command)).isTrue();
        return new Ran(process.exitValue(), Files.readString(out), Files.readString(err));
    }

    private Path jar() throws IOException {
        return ClassPathJar.write(dir.resolve("build").resolve("loomy.jar"));
    }

    private Ran install(Path prefix) throws Exception {
        Path tool = dir.resolve("tool");
        if (!Files.isDirectory(tool)) {
            ToolFiles.write(tool);
        }
        return run(Path.of("").toAbsolutePath(), "bash", "scripts/install.sh", "install", "--jar=" + jar(),
                "--launcher=" + Path.of("run.sh").toAbsolutePath(), "--tool-files=" + tool, "--prefix=" + prefix);
    }

    private static List<Path> tree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root)) {
            return files.sorted().toList();
        }
    }

    @Test
    void installedLoomyRunsThroughALinkFromAnyFolderCompletesInBashHasAManPageAndUninstallsToNothing() throws Exception {
        Path prefix = dir.resolve("prefix");

        Ran installed = install(prefix);

        assertThat(installed.status()).as(installed.err()).isZero();
        Path command = prefix.resolve("bin/loomy");
        Path completion = prefix.resolve("share/bash-completion/completions/loomy");
        Path page = prefix.resolve("share/man/man1/loomy.1");
        assertThat(installed.err()).contains("wrote " + command + " -> " + prefix.resolve("share/loomy/run.sh"),
                "wrote " + prefix.resolve("share/loomy/loomy.jar"), "wrote " + completion, "wrote " + page,
                "wrote " + prefix.resolve("share/man/man1/loomy-filters.1"), "installed loomy ");
        // What it says is true of this prefix: neither on the PATH nor where bash-completion looks.
        assertThat(installed.err()).contains(prefix + "/bin is not on your PATH",
                "bash-completion does not look in " + prefix + "/share: source " + completion,
                "man -l " + page).doesNotContain("by itself", "man loomy finds the pages");
        assertThat(command).isSymbolicLink();
        // No class-data archive yet: one made by install's --version would hold only the classes that loads.
        // On Java 25+ the ahead-of-time cache may be there: it is trained on a job of its own, not on --version.
        try (Stream<Path> share = Files.list(prefix.resolve("share/loomy"))) {
            assertThat(share.map(p -> p.getFileName().toString()).filter(name -> !name.matches("loomy-java\\d+\\.aot"))
                    .sorted()).containsExactly("installed", "loomy.jar", "run.sh");
        }

        // A link to the link, in a folder of its own, run from a third folder: it finds the jar all the same.
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(Files.createDirectories(dir.resolve("links")).resolve("lm"), command);
        Path input = Files.createDirectories(elsewhere.resolve("in"));
        dev.loomy.opencv.OpenCv.load();
        org.opencv.core.Mat image = new org.opencv.core.Mat(24, 32, org.opencv.core.CvType.CV_8UC3,
                new org.opencv.core.Scalar(1, 2, 3));
        org.opencv.imgcodecs.Imgcodecs.imwrite(input.resolve("a.png").toString(), image);
        Ran ran = run(elsewhere, link.toString(), "--strategy=loop", "--format=csv", "-o", "out", "in");
        assertThat(ran.status()).as(ran.err()).isZero();
        assertThat(ran.out()).startsWith("strategy,filter,images,");
        assertThat(elsewhere.resolve("out/a.png")).isRegularFile();
        assertThat(dir.resolve("links/target")).doesNotExist();

        // Values too: strategies, formats, and the filters of the working folder's filters.yaml, asked of loomy.
        Files.writeString(elsewhere.resolve("filters.yaml"), "filters:\n  Dusk: {kind: GammaCorrection, gamma: 0.5}\n");
        Ran complete = run(elsewhere, "bash", "-c", "source " + completion + "; complete -p loomy;"
                + " t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); _loomy_values; echo \"${COMPREPLY[*]}\"; };"
                + " t loomy --keep-m; t loomy fil; t loomy -s v; t loomy --format c; t loomy --image-format w;"
                + " t " + command + " -f NoOp,Du; t loomy --image-format=png -f Cart");
        assertThat(complete.status()).as(complete.err()).isZero();
        assertThat(complete.out().lines()).containsExactly("complete -o default -F _loomy_values loomy", "--keep-metadata",
                "filters", "virtual virtual-priority", "csv", "webp", "NoOp,Dusk", "Cartoon2 Cartoon");

        Ran man = run(elsewhere, "man", "-l", page.toString());
        assertThat(man.status()).as(man.err()).isZero();
        assertThat(man.out()).contains("LOOMY(1)", "SYNOPSIS", "--keep-metadata");

        Ran removed = run(elsewhere, "bash", Path.of("scripts/install.sh").toAbsolutePath().toString(), "uninstall",
                "--prefix=" + prefix);
        assertThat(removed.status()).as(removed.err()).isZero();
        assertThat(removed.err()).contains("removed " + command, "removed " + page);
        assertThat(tree(prefix)).as("left behind").isEmpty();
    }

    @Test
    void intoTheHomesLocalFolderItSaysBashCompletionLoadsTheScriptByItself() throws Exception {
        Path prefix = dir.resolve("home/.local");

        Ran installed = install(prefix);

        assertThat(installed.status()).as(installed.err()).isZero();
        assertThat(installed.err()).contains("installed loomy ", " in " + prefix + ": the command is " + prefix
                + "/bin/loomy", "bash-completion loads " + prefix + "/share/bash-completion/completions/loomy by itself");
    }

    @Test
    void uninstallRemovesOnlyWhatInstallWroteAndInstallReplacesAnEarlierInstall() throws Exception {
        Path prefix = dir.resolve("prefix");
        Path theirs = Files.writeString(Files.createDirectories(prefix.resolve("bin")).resolve("other"), "#!/bin/sh\n");
        Path theirPage = Files.writeString(Files.createDirectories(prefix.resolve("share/man/man1")).resolve("other.1"), ".TH X 1\n");
        List<Path> before = tree(prefix);

        assertThat(install(prefix).status()).isZero();
        Ran again = install(prefix);
        assertThat(again.status()).as(again.err()).isZero();
        Ran removed = run(dir, "bash", Path.of("scripts/install.sh").toAbsolutePath().toString(), "uninstall",
                "--prefix=" + prefix);

        assertThat(removed.status()).as(removed.err()).isZero();
        assertThat(tree(prefix)).containsExactlyElementsOf(before);
        assertThat(Files.readString(theirs)).isEqualTo("#!/bin/sh\n");
        assertThat(theirPage).isRegularFile();
        Ran nothing = run(dir, "bash", Path.of("scripts/install.sh").toAbsolutePath().toString(), "uninstall",
                "--prefix=" + prefix);
        assertThat(nothing.status()).isZero();
        assertThat(nothing.err()).startsWith("loomy: nothing to uninstall");
    }

    @Test
    void aLoomyOfSomeoneElsesIsNotReplaced() throws Exception {
        Path prefix = dir.resolve("prefix");
        Path theirs = Files.writeString(Files.createDirectories(prefix.resolve("bin")).resolve("loomy"), "#!/bin/sh\n");

        Ran refused = install(prefix);

        assertThat(refused.status()).isEqualTo(1);
        assertThat(refused.err()).isEqualTo("loomy: " + theirs + " exists and is not from an earlier install: not "
                + "replaced (remove it, then install again)\n");
        assertThat(Files.readString(theirs, StandardCharsets.UTF_8)).isEqualTo("#!/bin/sh\n");
        assertThat(tree(prefix)).containsExactly(prefix, prefix.resolve("bin"), theirs);
    }

    private Ran script(Path folder, String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of("bash", Path.of("scripts/install.sh").toAbsolutePath().toString()));
        command.addAll(List.of(args));
        return run(folder, command.toArray(String[]::new));
    }

    @Test
    void aCloneAtTheInstallFolderIsNeitherWrittenIntoNorRemoved() throws Exception {
        // The repository cloned where install puts its copies, PREFIX/share/loomy: a git checkout.
        Path prefix = dir.resolve("prefix");
        Path clone = Files.createDirectories(prefix.resolve("share/loomy"));
        Files.createDirectories(clone.resolve(".git"));
        Path launcher = Files.copy(Path.of("run.sh"), clone.resolve("run.sh"));
        String original = Files.readString(launcher);

        Ran refused = install(prefix);
        Ran uninstalled = script(dir, "uninstall", "--prefix=" + prefix);

        assertThat(refused.status()).as(refused.err()).isEqualTo(2);
        assertThat(refused.err().lines()).hasSize(1);
        assertThat(refused.err()).contains(clone.toString(), "git checkout");
        assertThat(uninstalled.status()).as(uninstalled.err()).isEqualTo(2);
        assertThat(Files.readString(launcher)).isEqualTo(original);
        assertThat(prefix.resolve("bin")).doesNotExist();
    }

    @Test
    void uninstallLeavesAFileWhoseContentChangedSinceInstall() throws Exception {
        Path prefix = dir.resolve("prefix");
        assertThat(install(prefix).status()).isZero();
        Path page = prefix.resolve("share/man/man1/loomy.1");
        Files.writeString(page, ".TH MINE 1\n");
        Path other = Files.writeString(dir.resolve("other"), "theirs\n");
        Path completion = prefix.resolve("share/bash-completion/completions/loomy");
        Files.delete(completion);
        Files.createLink(completion, other);

        Ran removed = script(dir, "uninstall", "--prefix=" + prefix);

        assertThat(removed.status()).as(removed.err()).isZero();
        assertThat(removed.err()).contains("left " + page, "left " + completion, "removed " + prefix.resolve("bin/loomy"));
        assertThat(Files.readString(page)).isEqualTo(".TH MINE 1\n");
        assertThat(Files.readString(other)).isEqualTo("theirs\n");
        assertThat(prefix.resolve("share/loomy/loomy.jar")).doesNotExist();
    }

    @Test
    void aPrefixThatIsAFileHoldsANewlineOrLiesInTheRepositoryIsOneLine() throws Exception {
        Path file = Files.writeString(dir.resolve("file"), "x");
        Path repository = Path.of("").toAbsolutePath();
        for (String action : List.of("install", "uninstall")) {
            List<String> prefixes = new java.util.ArrayList<>(List.of(file.toString(), file.resolve("below").toString(),
                    dir.resolve("a\nb").toString(), repository.resolve("target/prefix").toString()));
            if (action.equals("uninstall")) {
                prefixes.add(repository.toString());
            }
            for (String prefix : prefixes) {
                Ran refused = action.equals("install") ? install(Path.of(prefix)) : script(dir, action, "--prefix=" + prefix);
                assertThat(refused.status()).as("%s --prefix=%s: %s", action, prefix, refused.err()).isEqualTo(2);
                assertThat(refused.err().lines()).as(refused.err()).hasSize(1);
                assertThat(refused.err()).startsWith("loomy: --prefix");
            }
        }
        // The same through the launcher, as a user types it.
        Ran launcher = run(repository, "bash", "run.sh", "uninstall", "--prefix=" + repository.resolve("target"));
        assertThat(launcher.status()).as(launcher.err()).isEqualTo(2);
        assertThat(launcher.err()).startsWith("loomy: --prefix").contains("repository");
        assertThat(Files.readString(file)).isEqualTo("x");
        assertThat(dir.resolve("a\nb")).doesNotExist();
        assertThat(repository.resolve("target/prefix")).doesNotExist();
    }
}
