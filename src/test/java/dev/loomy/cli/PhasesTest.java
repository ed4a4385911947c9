package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/** LOOMY_PHASES=1 says where a run's time went, a line per phase; without it, a job says nothing of it. */
@Slow
class PhasesTest {

    @TempDir
    Path dir;

    @Test
    void eachPhaseOfAJobIsALineWithItsWallAndCpuTimeOnlyWhenAskedFor() throws Exception {
        Path in = Files.createDirectories(dir.resolve("in"));
        TestImages.writeMany(in, 3, 32, 24);
        Map<String, String> asked = new HashMap<>();
        asked.put("LOOMY_PHASES", "1");
        String phases = run(Files.createDirectories(dir.resolve("asked")), asked);
        String plain = run(Files.createDirectories(dir.resolve("plain")), Map.of());

        List<String> lines = phases.lines().filter(line -> line.startsWith("loomy: phase ")).toList();
        assertThat(lines).as(phases).hasSizeGreaterThanOrEqualTo(12);
        assertThat(lines).allMatch(line -> line.matches("loomy: phase .+ wall +\\d+ ms cpu +\\d+ ms .*"));
        assertThat(String.join("\n", lines)).contains("JVM start to main", "command model built", "parsed",
                "filter catalogue", "output prepared", "first image started", "images done", "end");
        assertThat(plain).doesNotContain("phase ");
    }

    private String run(Path work, Map<String, String> environment) throws Exception {
        LoomyProcess loomy = LoomyProcess.start(work, environment, List.of(), "--quiet", "-f", "NoOp", "-o",
                work.resolve("out").toString(), dir.resolve("in").toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(loomy.process().exitValue()).as(loomy.stderr()).isZero();
        return loomy.stderr();
    }
}
