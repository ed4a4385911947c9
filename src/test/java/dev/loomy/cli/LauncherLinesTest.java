package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * What the launcher (run.sh, installed or in the repository) says when loomy's JVM crashes, when
 * Ctrl-C comes during the jar's build, and when it comes at any moment of the JVM's start: one line
 * each time, on the terminal, and nothing left behind.
 */
@Slow
class LauncherLinesTest {

    @TempDir
    Path dir;

    private final List<ProcessHandle> started = new ArrayList<>();

    @AfterEach
    void endStarted() {
        for (ProcessHandle process : started) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** run.sh with loomy.jar beside it and no pom.xml: as installed. */
    private Path installed() throws Exception {
        Path launcher = dir.resolve("launcher").resolve("run.sh");
        if (!Files.exists(launcher)) {
            ClassPathJar.write(launcher.resolveSibling("loomy.jar"));
            Files.copy(Path.of("run.sh"), launcher);
        }
        return launcher;
    }

    /** Some images, and a run over them through {@code launcher} slow enough to be caught under way. */
    private List<String> slowRun(Path launcher, String tag) {
        Path in = dir.resolve("in");
        if (!Files.isDirectory(in)) {
            for (int i = 0; i < 20; i++) {
                TestImages.write(in.resolve(String.format("p%02d.png", i)), 32, 24, i);
            }
        }
        return List.of("bash", launcher.toString(), "-s", "loop", "--no-fork", "--io-latency=100ms",
                "-o", dir.resolve("out-" + tag).toString(), "--format=table", in.toString());
    }

    private Process start(List<String> command, String tag, Map<String, String> environment) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(DefaultSignals.command(command))
                .redirectOutput(dir.resolve(tag + ".out").toFile())
                .redirectError(dir.resolve(tag + ".err").toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(environment);
        Process process = builder.start();
        started.add(process.toHandle());
        return process;
    }

    private String stderr(String tag) throws Exception {
        return Files.readString(dir.resolve(tag + ".err"));
    }

    private static void kill(String signal, String target) throws Exception {
        assertThat(new ProcessBuilder("kill", "-s", signal, "--", target).start().waitFor()).isZero();
    }

    /** The process under {@code root} whose command's file name is {@code name}, once there is one. */
    private static ProcessHandle await(Process root, String name) throws Exception {
        while (true) {
            Optional<ProcessHandle> found = root.toHandle().descendants().filter(c -> c.info().command()
                    .map(p -> Path.of(p).getFileName().toString().equals(name)).orElse(false)).findFirst();
            if (found.isPresent()) {
                return found.get();
            }
            assertThat(root.isAlive()).as("still running").isTrue();
            Thread.sleep(2);
        }
    }

    @Test
    @Timeout(90)
    void aJvmThatCrashesIsOneLineSayingWhereItsReportIsAndThatIncrementalFinishesTheRest() throws Exception {
        Path launcher = installed();
        Path state = dir.resolve("state");
        // No ahead-of-time cache: its training run, on the first start after a build, is a JVM of its own
        // that the search below could find and kill in place of loomy's.
        Map<String, String> env = Map.of("XDG_STATE_HOME", state.toString(), "LOOMY_NO_AOT", "1");

        // A fault in native code, as HotSpot sees one: it writes its crash report and aborts.
        Process segv = start(slowRun(launcher, "segv"), "segv", env);
        ProcessHandle jvm = await(segv, "java");
        Thread.sleep(500);
        kill("SEGV", Long.toString(jvm.pid()));
        assertThat(segv.waitFor(60, TimeUnit.SECONDS)).isTrue();

        Path report = state.resolve("loomy").resolve("hs_err_pid" + jvm.pid() + ".log");
        assertThat(report).isRegularFile();
        assertThat(segv.exitValue()).as(stderr("segv")).isEqualTo(134);
        assertThat(stderr("segv").lines().filter(line -> line.startsWith("loomy: "))).as(stderr("segv"))
                .singleElement().asString().isEqualTo("loomy: crashed: the JVM died of SIGSEGV (status 134); its crash "
                        + "report: " + report + "; the same command with --incremental finishes the rest");

        // glibc's abort (a heap check, say): no report of HotSpot's.
        Process abort = start(slowRun(launcher, "abort"), "abort", env);
        ProcessHandle aborted = await(abort, "java");
        Thread.sleep(500);
        kill("ABRT", Long.toString(aborted.pid()));
        assertThat(abort.waitFor(60, TimeUnit.SECONDS)).isTrue();

        assertThat(abort.exitValue()).as(stderr("abort")).isEqualTo(134);
        assertThat(stderr("abort").lines().filter(line -> line.startsWith("loomy: "))).as(stderr("abort"))
                .singleElement().asString().isEqualTo("loomy: crashed: the JVM died of SIGABRT (status 134), with no "
                        + "crash report; the same command with --incremental finishes the rest");
    }

    @Test
    @Timeout(60)
    void ctrlCDuringTheBuildIsOneLineOnTheTerminalAndLeavesNoBuildLog() throws Exception {
        // A checkout whose jar is missing, so that the launcher builds it, with a Maven that takes its time.
        Path repo = Files.createDirectories(dir.resolve("repo"));
        Files.copy(Path.of("run.sh"), repo.resolve("run.sh"));
        Files.writeString(repo.resolve("pom.xml"), "<project/>");
        Files.createDirectories(repo.resolve("src/main"));
        Path bin = Files.createDirectories(dir.resolve("bin"));
        Path mvn = Files.writeString(bin.resolve("mvn"), "#!/bin/bash\necho 'compiling ...'\n"
                + "trap 'kill $pid; echo interrupted by the user; exit 130' INT TERM\nsleep 30 & pid=$!\nwait $pid\n");
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path tmp = Files.createDirectories(dir.resolve("tmp"));

        Process launcher = start(List.of("setsid", "bash", repo.resolve("run.sh").toString(), "in"), "build",
                Map.of("PATH", bin + ":" + System.getenv("PATH"), "TMPDIR", tmp.toString()));
        await(launcher, "sleep");
        // The terminal's Ctrl-C: SIGINT to the whole group, the launcher and Maven alike.
        kill("INT", "-" + launcher.pid());
        assertThat(launcher.waitFor(30, TimeUnit.SECONDS)).isTrue();

        assertThat(launcher.exitValue()).as(stderr("build")).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(stderr("build").lines()).as(stderr("build")).containsExactly(
                "loomy: building " + repo.resolve("target/loomy.jar") + " with "
                        + Runtime.version().feature() + " at " + System.getProperty("java.home") + " ...",
                "loomy: interrupted (SIGINT): stopped");
        try (Stream<Path> left = Files.list(tmp)) {
            assertThat(left).as("the build's log").isEmpty();
        }
    }

    @Test
    @Timeout(240)
    void ctrlCAtAnyMomentOfTheJvmsStartIsExactlyOneLineAnd130() throws Exception {
        Path launcher = installed();
        List<String> failures = new ArrayList<>();
        // From as soon as the JVM exists, in steps of 10 ms, to well after loomy handles signals itself.
        List<Integer> delays = new ArrayList<>();
        for (int delay = 0; delay <= 150; delay += 10) {
            delays.add(delay);
        }
        delays.addAll(List.of(250, 400, 600, 1000, 1500));
        for (int delay : delays) {
            String tag = "start" + delay;
            List<String> command = new ArrayList<>(List.of("setsid"));
            command.addAll(slowRun(launcher, tag));
            Process process = start(command, tag, Map.of());
            await(process, "java");
            Thread.sleep(delay);
            kill("INT", "-" + process.pid());
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();

            long lines = stderr(tag).lines().filter(line -> line.startsWith("loomy: interrupted (SIGINT)")).count();
            if (process.exitValue() != ExitCodes.INTERRUPTED || lines != 1) {
                failures.add(delay + " ms: status " + process.exitValue() + ", " + lines + " lines:\n" + stderr(tag));
            }
        }
        assertThat(failures).isEmpty();
    }
}
