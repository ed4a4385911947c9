package dev.loomy.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * loomy in a JVM of its own that file permissions bind even when the tests run as root: root
 * reads and writes anything through two capabilities, which the child is started without.
 */
record Unprivileged(int status, String out, String err) {

    static Unprivileged run(Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>();
        if ((Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid") == 0) {
            command.addAll(List.of("setpriv", "--bounding-set=-dac_override,-dac_read_search"));
        }
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), "--enable-native-access=ALL-UNNAMED", "dev.loomy.cli.Main"));
        command.addAll(List.of(args));
        Path out = dir.resolve("unprivileged-out.txt");
        Path err = dir.resolve("unprivileged-err.txt");
        Process process = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!process.waitFor(100, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("loomy did not end within 100 s: " + command + "\n" + Files.readString(err));
        }
        return new Unprivileged(process.exitValue(), Files.readString(out), Files.readString(err));
    }
}
