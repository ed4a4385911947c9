package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;

/**
 * The values the completion script offers, with the words split as bash splits them: it breaks a
 * line at {@code =} too, so {@code --image-format=w} reaches the script as three words.
 */
@Slow
class CompletionValuesTest {

    @TempDir
    Path dir;

    /** Each case's COMPREPLY, one line each, from the script with a stand-in for picocli's part and for loomy. */
    private String complete(String... cases) throws Exception {
        Path loomy = Files.writeString(dir.resolve("loomy"), """
                #!/bin/bash
                echo "$*" >> "${0%/*}/asked"
                printf 'NoOp\\nCartoon2\\nDusk\\n'
                """);
        Files.setPosixFilePermissions(loomy, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path script = Files.writeString(dir.resolve("loomy.bash"),
                "_complete_loomy() { COMPREPLY=(picocli); }\n" + ToolFiles.values());
        StringBuilder line = new StringBuilder("source " + script + ";"
                + " t() { COMP_WORDS=(\"$@\"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _loomy_values;"
                + " echo \"${COMPREPLY[*]}\"; };");
        for (String one : cases) {
            line.append(" t ").append(one.replace("loomy", loomy.toString())).append(';');
        }
        Process bash = new ProcessBuilder("bash", "-c", line.toString()).redirectErrorStream(true).start();
        bash.getOutputStream().close();
        String out = new String(bash.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(bash.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(bash.exitValue()).as(out).isZero();
        return out;
    }

    @Test
    void valuesAfterAnEqualsSignAsAfterASpace() throws Exception {
        String out = complete("loomy --image-format w", "loomy --image-format = w", "loomy --image-format =",
                "loomy --strategy = v", "loomy --format = c", "loomy --filter = NoOp,Du", "loomy -o out --keep",
                "loomy --image-format=w", "loomy -s loop --filter=NoOp,Du");

        assertThat(out.lines()).containsExactly("webp", "webp", "same png jpg webp", "virtual virtual-priority",
                "csv", "NoOp,Dusk", "picocli", "--image-format=webp", "--filter=NoOp,Dusk");
    }

    @Test
    void theFiltersAreAskedWithTheConfigOnTheLineInEitherForm() throws Exception {
        String out = complete("loomy --config = mine.yaml -f Du", "loomy --config mine.yaml -f Du");

        assertThat(out.lines()).containsExactly("Dusk", "Dusk");
        assertThat(Files.readAllLines(dir.resolve("asked")))
                .containsExactly("filters --names --config=mine.yaml", "filters --names --config=mine.yaml");
    }
}
