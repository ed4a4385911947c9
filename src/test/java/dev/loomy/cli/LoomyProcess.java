package dev.loomy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** loomy in a JVM of its own, on the test's class path, its output kept in files under {@code dir}. */
record LoomyProcess(Process process, Path dir) {

    static LoomyProcess start(Path dir, List<String> jvmOptions, String... args) throws IOException {
        return start(dir, Map.of(), jvmOptions, args);
    }

    /** With {@code environment} changed: a null value removes the variable. */
    static LoomyProcess start(Path dir, Map<String, String> environment, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "--enable-native-access=ALL-UNNAMED",
                "dev.loomy.cli.Main"));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(DefaultSignals.command(command))
                .redirectOutput(dir.resolve("stdout.txt").toFile())
                .redirectError(dir.resolve("stderr.txt").toFile());
        environment.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        return new LoomyProcess(builder.start(), dir);
    }

    /** Sends {@code signal} (INT, TERM, ...) as the shell's kill does. */
    void kill(String signal) throws IOException, InterruptedException {
        int status = new ProcessBuilder("kill", "-" + signal, Long.toString(process.pid())).start().waitFor();
        if (status != 0) {
            throw new IllegalStateException("kill -" + signal + " failed with " + status);
        }
    }

    String stdout() throws IOException {
        return Files.readString(dir.resolve("stdout.txt"));
    }

    String stderr() throws IOException {
        return Files.readString(dir.resolve("stderr.txt"));
    }
}
