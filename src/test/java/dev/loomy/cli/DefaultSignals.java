package dev.loomy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * A test's own process, started with SIGINT, SIGTERM and SIGHUP at their default dispositions. A
 * process inherits the signals its parent ignores, and a shell ignores SIGINT in its background jobs
 * (and nohup SIGHUP): a test suite started that way would see every signal test fail, loomy never
 * getting the signal the test sends. GNU env (coreutils 8.31 and later) resets them before it starts
 * the command; without it, the command is started as it is.
 */
final class DefaultSignals {

    private static final boolean ENV_RESETS = resets();

    private DefaultSignals() {
    }

    /** {@code command}, started through env where env can reset the signals. */
    static List<String> command(List<String> command) {
        if (!ENV_RESETS) {
            return command;
        }
        List<String> reset = new ArrayList<>(List.of("env", "--default-signal=INT,TERM,HUP"));
        reset.addAll(command);
        return reset;
    }

    private static boolean resets() {
        try {
            Process probe = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true).start();
            probe.getInputStream().transferTo(OutputStream.nullOutputStream());
            return probe.waitFor() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
