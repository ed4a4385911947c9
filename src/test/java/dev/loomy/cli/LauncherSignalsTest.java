package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * Signals to loomy as a user starts it, through run.sh: before the JVM runs, in the JVM's first
 * moments (before loomy handles signals itself), sent to the whole process group as Ctrl-C is, and
 * a SIGKILL to the launcher. Always one line saying what happened and 130; never a silent 143, never
 * loomy left running without its launcher.
 */
@Slow
class LauncherSignalsTest {

    @TempDir
    Path dir;

    private Path launcher;
    private Path in;
    private Path out;
    private final List<ProcessHandle> started = new ArrayList<>();

    @BeforeEach
    void installedLauncher() throws Exception {
        // run.sh with loomy.jar beside it and no pom.xml runs that jar, as when installed.
        launcher = dir.resolve("launcher").resolve("run.sh");
        ClassPathJar.write(launcher.resolveSibling("loomy.jar"));
        Files.copy(Path.of("run.sh"), launcher);
        in = dir.resolve("in");
        out = dir.resolve("out");
        for (int i = 0; i < 40; i++) {
            TestImages.write(in.resolve(String.format("p%02d.png", i)), 32, 24, i);
        }
    }

    @AfterEach
    void endStarted() {
        for (ProcessHandle process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** A run of several seconds, through the launcher; with {@code session}, in a process group of its own. */
    private Process start(boolean session) throws Exception {
        List<String> command = new ArrayList<>();
        if (session) {
            command.add("setsid");
        }
        command.addAll(List.of("bash", launcher.toString(), "-s", "pool", "--parallelism=2", "--no-fork",
                "--io-latency=100ms", "-o", out.toString(), "--format=table", in.toString()));
        ProcessBuilder builder = new ProcessBuilder(DefaultSignals.command(command))
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = builder.start();
        started.add(process.toHandle());
        return process;
    }

    private String stderr() throws Exception {
        return Files.readString(dir.resolve("stderr.txt"));
    }

    private String stdout() throws Exception {
        return Files.readString(dir.resolve("stdout.txt"));
    }

    private static void kill(String signal, String target) throws Exception {
        assertThat(new ProcessBuilder("kill", "-s", signal, "--", target).start().waitFor()).isZero();
    }

    /** The launcher's child that runs {@code command} (its file name), once there is one. */
    private static ProcessHandle awaitChild(Process launcher, String command) throws Exception {
        while (true) {
            Optional<ProcessHandle> child = launcher.toHandle().children()
                    .filter(c -> c.info().command().map(p -> command == null || Path.of(p).getFileName().toString()
                            .equals(command)).orElse(false))
                    .findFirst();
            if (child.isPresent()) {
                return child.get();
            }
            assertThat(launcher.isAlive()).as("the launcher is still running").isTrue();
            Thread.sleep(2);
        }
    }

    private void assertOneLineAnd130(Process launcher, String signal) throws Exception {
        assertThat(launcher.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(launcher.exitValue()).as(stderr() + stdout()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(stderr().lines().filter(line -> line.startsWith("loomy: interrupted (SIG" + signal + ")")))
                .as(stderr() + stdout()).hasSize(1);
    }

    @Test
    @Timeout(60)
    void aSignalWhileTheLauncherLooksForJavaEndsWithOneLineAnd130() throws Exception {
        Process launcher = start(false);
        // Any child (readlink, sed, ...) means the script is under way, past its first lines.
        awaitChild(launcher, null);

        kill("TERM", Long.toString(launcher.pid()));

        assertOneLineAnd130(launcher, "TERM");
        assertThat(out).doesNotExist();
    }

    @Test
    @Timeout(60)
    void aSignalInTheJvmsFirstMomentsEndsWithOneLineAnd130() throws Exception {
        Process launcher = start(false);
        ProcessHandle jvm = awaitChild(launcher, "java");

        // Straight to the JVM, as a kill of the process group does, before loomy can handle it.
        kill("TERM", Long.toString(jvm.pid()));

        assertOneLineAnd130(launcher, "TERM");
    }

    @Test
    @Timeout(60)
    void ctrlCReachingTheLauncherAndLoomyAlikeStopsOnceWithPartialResults() throws Exception {
        Process launcher = start(true);
        awaitChild(launcher, "java");
        while (files(out) < 4) {
            assertThat(launcher.isAlive()).as(stderr()).isTrue();
            Thread.sleep(20);
        }

        // The terminal's Ctrl-C: SIGINT to every process of the group, the launcher and loomy.
        kill("INT", "-" + launcher.pid());

        assertOneLineAnd130(launcher, "INT");
        assertThat(stderr()).doesNotContain("stopped at once");
        assertThat(stdout()).contains("Interrupted: these are partial results.");
    }

    @Test
    @Timeout(60)
    void loomyDoesNotOutliveALauncherKilledWithSigkill() throws Exception {
        Process launcher = start(false);
        ProcessHandle jvm = awaitChild(launcher, "java");

        kill("KILL", Long.toString(launcher.pid()));

        assertThat(jvm.onExit().get(10, TimeUnit.SECONDS).isAlive()).isFalse();
    }

    private static long files(Path folder) throws Exception {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.count();
        }
    }
}
