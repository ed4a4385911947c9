package dev.loomy.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * loomy's command line run in this JVM, as a user runs it: its exit status and what it printed
 * ({@link LoomyProcess} runs it in a JVM of its own).
 */
record Cli(int status, String out, String err) {

    static Cli run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status;
        try (PrintStream o = new PrintStream(out, true, StandardCharsets.UTF_8);
             PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8)) {
            status = Main.run(args, o, e);
        }
        return new Cli(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    /** A test's own {@code options}, then the arguments all its runs end with. */
    static Cli run(String[] options, String... last) {
        return run(Stream.concat(Arrays.stream(options), Arrays.stream(last)).toArray(String[]::new));
    }
}
