package dev.loomy.engine.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import dev.loomy.cli.Main;

/**
 * loomy's command line run in the tests' JVM, as a user runs it, and what the Spark engine's
 * tests read from its results.
 */
record SparkCli(int status, String out, String err) {

    static SparkCli run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = Main.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new SparkCli(status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    static SparkCli run(List<String> args) {
        return run(args.toArray(String[]::new));
    }

    /** The value of {@code name} in the first row of a csv result. */
    String column(String name) {
        String[] lines = out.split("\n");
        String[] header = lines[0].split(",");
        String[] row = lines[1].split(",", -1);
        for (int i = 0; i < header.length; i++) {
            if (header[i].equals(name)) {
                return row[i];
            }
        }
        throw new AssertionError("no column " + name + " in " + lines[0]);
    }

    /** The lines of standard error that name {@code file}. */
    List<String> linesNaming(String file) {
        return err.lines().filter(line -> line.contains(file)).toList();
    }

    /** Every file below {@code root} (hidden ones included: a temporary file would show), by relative path. */
    static Map<String, byte[]> files(Path root) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(root)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                files.put(root.relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }
}
