package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.loomy.Slow;

/** The signal tests' processes get SIGINT even where the suite was started with it ignored. */
@Slow
class DefaultSignalsTest {

    @Test
    void aCommandStartedUnderAShellThatIgnoresSigintStillGetsIt() throws Exception {
        // A shell that ignores SIGINT (as a script's background job does) and then becomes the command;
        // the command sends itself SIGINT, and exits 0 only if it survives it.
        List<String> command = new ArrayList<>(List.of("bash", "-c", "trap '' INT; exec \"$@\"", "ignoring"));
        command.addAll(DefaultSignals.command(List.of("sh", "-c", "kill -INT $$; sleep 1; exit 0")));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("the command's exit status: 130 when SIGINT ended it").isEqualTo(130);
    }
}
