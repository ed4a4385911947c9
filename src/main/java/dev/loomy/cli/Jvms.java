package dev.loomy.cli;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.loomy.engine.fork.ChildLauncher;
import dev.loomy.imageio.IoLock;
import dev.loomy.run.EngineChoice;
import dev.loomy.run.JvmComparison;

/**
 * Checks {@code --jvm}, {@code --jvm-options} and {@code --io-lock}: each JVM is asked once what it
 * is ({@code java -XshowSettings:properties -version}), then started once with each option set as
 * its children will be, so that one that cannot run loomy is bad usage before anything runs.
 */
final class Jvms {

    /** The oldest release loomy runs on. */
    static final int OLDEST = 21;
    /** loomy's own collector and heap options, which the default set names. */
    private static final Pattern OWN = Pattern.compile("-XX:[+-]?(Use\\w*GC|\\w*(New|Survivor|Heap)\\w*)(=.*)?|-Xm[sxn].*");
    private static final long PROBE_SECONDS = 60;

    private Jvms() {
    }

    static JvmComparison choice(JvmOptions given, Boolean fork, EngineChoice engine) throws UsageError {
        IoLock lock = UsageError.of(() -> IoLock.parse(given.ioLock));
        if (given.jvms.isEmpty() && given.optionSets == null) {
            return new JvmComparison(List.of(), List.of(), lock);
        }
        String option = given.jvms.isEmpty() ? "--jvm-options" : "--jvm";
        if (engine.spark()) {
            throw new UsageError(option + " with --engine=spark: Spark's executors run on the JVM Spark starts");
        }
        if (!engine.local()) {
            throw new UsageError(option + " with --engine=" + engine.kind().label() + ": that engine starts the JVMs "
                    + "that measure; comparing JVMs is the local engine's");
        }
        if (Boolean.FALSE.equals(fork)) {
            throw new UsageError(option + " with --no-fork: each JVM and option set is measured in a child JVM of its own");
        }
        List<JvmComparison.OptionSet> sets = given.optionSets == null ? List.of() : optionSets(given.optionSets);
        ChildLauncher own = ChildLauncher.ofThisJvm(1, Map.of());
        List<JvmComparison.Jvm> jvms = new ArrayList<>();
        for (String path : given.jvms) {
            JvmComparison.Jvm jvm = probe(path);
            boolean same = jvms.stream().anyMatch(j -> j.label().equals(jvm.label()));
            jvms.add(same ? new JvmComparison.Jvm(jvm.java(), jvm.label() + " at " + jvm.java(), jvm.feature()) : jvm);
        }
        for (JvmComparison.Jvm jvm : jvms.isEmpty() ? Collections.<JvmComparison.Jvm>singletonList(null) : jvms) {
            for (JvmComparison.OptionSet set : sets.isEmpty() ? List.of(new JvmComparison.OptionSet(List.of(), "")) : sets) {
                String refused = start(own.on(jvm, set).versionCommand());
                if (refused != null) {
                    throw new UsageError(option + ": " + (jvm == null ? "this JVM" : jvm.java())
                            + (set.loomysOwn() ? "" : " with " + String.join(" ", set.options()))
                            + " does not start: " + refused);
                }
            }
        }
        return new JvmComparison(jvms, sets, lock);
    }

    /** {@code -XX:+UseSerialGC;default}: each set's options, split on spaces; {@code default} (or nothing) is loomy's own. */
    static List<JvmComparison.OptionSet> optionSets(String given) throws UsageError {
        List<JvmComparison.OptionSet> sets = new ArrayList<>();
        for (String set : given.split(";", -1)) {
            String trimmed = set.trim();
            List<String> options = trimmed.isEmpty() || trimmed.equals("default") ? List.of()
                    : List.of(trimmed.split("\\s+"));
            for (String o : options) {
                if (!o.startsWith("-") || o.equals("-cp") || o.equals("-classpath") || o.startsWith("--class-path")
                        || o.equals("-jar")) {
                    throw new UsageError("--jvm-options=" + given + ": " + o + " is not a JVM option loomy can pass "
                            + "(JVM options start with -, and the class path is loomy's)");
                }
            }
            String label = options.isEmpty() ? defaultLabel() : String.join(" ", options);
            if (sets.stream().anyMatch(s -> s.label().equals(label))) {
                throw new UsageError("--jvm-options=" + given + ": " + label + " is given twice");
            }
            sets.add(new JvmComparison.OptionSet(options, label));
        }
        return sets;
    }

    /** {@code default (-XX:+UseSerialGC -Xms64m)}: loomy's own collector and heap options, which its children get. */
    private static String defaultLabel() {
        List<String> own = ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(o -> OWN.matcher(o).matches()).toList();
        return own.isEmpty() ? "default" : "default (" + String.join(" ", own) + ")";
    }

    /** The JVM at {@code given} (a Java home or a java executable), as it says of itself; else bad usage. */
    static JvmComparison.Jvm probe(String given) throws UsageError {
        Path path = Path.of(given);
        Path java = Files.isDirectory(path) ? path.resolve("bin").resolve("java") : path;
        if (!Files.exists(java)) {
            throw new UsageError("--jvm=" + given + ": no such file" + (java == path ? "" : " (" + java + ")"));
        }
        if (!Files.isRegularFile(java) || !Files.isExecutable(java)) {
            throw new UsageError("--jvm=" + given + ": not a Java (" + java + " is not an executable file)");
        }
        Probe probe = run(List.of(java.toAbsolutePath().toString(), "-XshowSettings:properties", "-version"));
        String vendor = property(probe.output, "java.vendor");
        String version = property(probe.output, "java.runtime.version");
        String feature = property(probe.output, "java.specification.version");
        if (probe.status != 0 || vendor == null || version == null || feature == null) {
            throw new UsageError("--jvm=" + given + ": not a Java (" + java + " -XshowSettings:properties -version "
                    + "did not say its vendor and version" + (probe.status < 0 ? ", or did not end" : "") + ")");
        }
        int release = feature.matches("\\d+") ? Integer.parseInt(feature) : 0;
        if (release < OLDEST) {
            throw new UsageError("--jvm=" + given + ": Java " + feature + " (" + version + ") is too old; loomy needs "
                    + OLDEST + " or newer");
        }
        return new JvmComparison.Jvm(java.toAbsolutePath().toString(), vendor + " " + version, release);
    }

    /** Why {@code command} (a {@code -version}) failed, in its first line of output; null when it started. */
    private static String start(List<String> command) throws UsageError {
        Probe probe = run(command);
        if (probe.status == 0) {
            return null;
        }
        return probe.output.lines().filter(l -> !l.isBlank()).findFirst().orElse("exit status " + probe.status);
    }

    private record Probe(int status, String output) {
    }

    private static Probe run(List<String> command) throws UsageError {
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            process.getOutputStream().close();
            // Read aside, so that a program that never ends is stopped at the time limit, not waited for.
            AtomicReference<byte[]> output = new AtomicReference<>(new byte[0]);
            Thread reader = Thread.ofVirtual().start(() -> {
                try {
                    output.set(process.getInputStream().readNBytes(1 << 20));
                } catch (IOException e) {
                    // Nothing read: the probe then finds no vendor and version.
                }
            });
            boolean ended = process.waitFor(PROBE_SECONDS, TimeUnit.SECONDS);
            if (!ended) {
                process.destroyForcibly();
            }
            // A child of the program may still hold the pipe open: its output is not waited for long.
            reader.join(Duration.ofSeconds(2));
            return new Probe(ended ? process.exitValue() : -1, new String(output.get(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UsageError("--jvm=" + command.get(0) + ": not a Java (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new UsageError("interrupted while checking " + command.get(0));
        }
    }

    private static String property(String output, String name) {
        Matcher m = Pattern.compile("(?m)^\\s*" + Pattern.quote(name) + " = (.*)$").matcher(output);
        return m.find() ? m.group(1).trim() : null;
    }
}
