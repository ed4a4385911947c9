package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * SIGHUP stops a run as Ctrl-C does, and a signal outside a run (a command that measures nothing)
 * still says what happened, exit 130: never a silent 129 or 143.
 */
@Slow
class SignalsTest {

    @TempDir
    Path dir;

    private final List<Process> started = new ArrayList<>();

    @AfterEach
    void endStarted() {
        started.forEach(Process::destroyForcibly);
    }

    private LoomyProcess start(String... args) throws Exception {
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), args);
        started.add(loomy.process());
        return loomy;
    }

    private static long files(Path folder) throws Exception {
        if (!Files.isDirectory(folder)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.count();
        }
    }

    private static void awaitFiles(Path folder, long count, LoomyProcess loomy) throws Exception {
        while (files(folder) < count) {
            assertThat(loomy.process().isAlive()).as(loomy.stderr()).isTrue();
            Thread.sleep(20);
        }
    }

    @Test
    @Timeout(60)
    void sighupStopsARunWithPartialResultsAndSaysSo() throws Exception {
        Path in = dir.resolve("in");
        Path out = dir.resolve("out");
        for (int i = 0; i < 40; i++) {
            TestImages.write(in.resolve(String.format("p%02d.png", i)), 32, 24, i);
        }
        LoomyProcess loomy = start("-s", "pool", "--parallelism=2", "--no-fork", "--io-latency=100ms", "-o",
                out.toString(), "--format=table", in.toString());
        awaitFiles(out, 4, loomy);

        loomy.kill("HUP");

        assertThat(loomy.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(loomy.stderr()).contains("loomy: interrupted (SIGHUP)");
        assertThat(loomy.stdout()).contains("Interrupted: these are partial results.");
        try (Stream<Path> files = Files.list(out)) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(name -> name.startsWith("."));
        }
    }

    @Test
    @Timeout(60)
    void aSignalToACommandWithoutARunSaysSoAndExits130() throws Exception {
        Path samples = dir.resolve("samples");
        LoomyProcess loomy = start("samples", "-n", "400", "--size=1500x1500", samples.toString());
        awaitFiles(samples, 2, loomy);

        loomy.kill("TERM");

        assertThat(loomy.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isEqualTo(ExitCodes.INTERRUPTED);
        assertThat(loomy.stderr().lines().toList()).singleElement().asString()
                .isEqualTo("loomy: interrupted (SIGTERM): stopped");
        try (Stream<Path> files = Files.list(samples)) {
            assertThat(files.map(p -> p.getFileName().toString())).as("no temporary file left")
                    .allMatch(name -> name.matches("sample-\\d{4}\\.(jpg|png)"));
        }
    }
}
