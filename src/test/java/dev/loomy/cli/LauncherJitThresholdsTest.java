package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.Slow;
import dev.loomy.testing.PhotoFolder;
import dev.loomy.testing.StartedProcesses;

/**
 * Which JVMs the launcher (run.sh) starts with the JIT's start-up thresholds raised: a job's, named
 * in loomy.launcher.only as its own; not one that measures in itself (repeated or warmed-up runs,
 * forks, baselines, profiles, the JVM choices, a scan, the gallery's and tune's timings), nor the
 * children a job forks to measure. Read from each JVM's own command line, which HotSpot logs as it
 * starts ({@code -Xlog:arguments}, a file per process, asked for in LOOMY_JAVA_OPTS as a user would).
 */
@Slow
class LauncherJitThresholdsTest {

    private static final String SCALING = "-XX:CompileThresholdScaling=3";
    private static final String LAUNCHER_ONLY = "-Dloomy.launcher.only=";

    @RegisterExtension
    final PhotoFolder photos = new PhotoFolder(1, 32, 24);

    @RegisterExtension
    final StartedProcesses started = new StartedProcesses();

    /** A JVM's options and what it ran (a jar and its arguments, a main class, or {@code <unknown>}). */
    record Jvm(List<String> options, String command) {

        boolean launched() {
            return command.split(" ")[0].endsWith("loomy.jar");
        }

        /** Its options that set the JIT's thresholds, or name them as the launched JVM's own. */
        List<String> thresholds() {
            return options.stream().filter(o -> o.startsWith("-XX:CompileThreshold") || o.startsWith(LAUNCHER_ONLY))
                    .toList();
        }
    }

    private Path logs() {
        return photos.dir().resolve("jvms");
    }

    /**
     * run.sh with loomy.jar beside it (as installed: nothing to build) started with {@code arguments}, in
     * which IN is the photos' folder, OUT a folder for results, BASELINE a baseline's file and JAVA this Java.
     */
    private Process start(String arguments) throws Exception {
        return start(arguments, false);
    }

    /** With {@code train}, the launcher makes the ahead-of-time cache first, on Java 25 and later, as at a first start. */
    private Process start(String arguments, boolean train) throws Exception {
        Path dir = photos.dir();
        Path launcher = dir.resolve("launcher").resolve("run.sh");
        ClassPathJar.write(launcher.resolveSibling("loomy.jar"));
        Files.copy(Path.of("run.sh"), launcher);
        Files.createDirectories(logs());
        // Slower than any real run: a run that ends before it is stopped is no regression.
        Path baseline = Files.writeString(dir.resolve("baseline.json"), "{\"machine\": {\"cores\": 1, \"cpu\": "
                + "\"Elsewhere\", \"jdk\": \"Other 21\"}, \"results\": [{\"strategy\": \"loop\", \"filter\": \"NoOp\", "
                + "\"images_per_sec\": 0.001, \"raw_runs\": [{\"wall_ms\": 1000000}, {\"wall_ms\": 1100000}, "
                + "{\"wall_ms\": 900000}]}]}");
        List<String> command = new ArrayList<>(List.of("bash", launcher.toString()));
        for (String argument : arguments.split(" ")) {
            // A word, or an option's value after its '='.
            int value = argument.indexOf('=') + 1;
            command.add(argument.substring(0, value) + switch (argument.substring(value)) {
                case "IN" -> photos.input().toString();
                case "OUT" -> dir.resolve("out").toString();
                case "BASELINE" -> baseline.toString();
                case "JAVA" -> System.getProperty("java.home");
                default -> argument.substring(value);
            });
        }
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile())
                .redirectOutput(dir.resolve("stdout.txt").toFile()).redirectError(dir.resolve("stderr.txt").toFile());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        String log = "-Xlog:arguments=info:file=" + logs().resolve("jvm-%p.log");
        builder.environment().put("LOOMY_HOME", dir.resolve("home").toString());
        builder.environment().put("XDG_STATE_HOME", dir.resolve("state").toString());
        if (train) {
            // The training's JVMs get only the launcher's own options: the java launcher's variable reaches them too.
            builder.environment().put("JDK_JAVA_OPTIONS", log);
        } else {
            builder.environment().put("LOOMY_JAVA_OPTS", log);
            // The ahead-of-time cache's training, at the first start, is a run of its own that these need not wait for.
            builder.environment().put("LOOMY_NO_AOT", "1");
        }
        return started.add(builder.start());
    }

    /** Every JVM that has logged its command line so far. */
    private List<Jvm> jvms() throws Exception {
        List<Jvm> jvms = new ArrayList<>();
        try (Stream<Path> files = Files.list(logs())) {
            for (Path file : files.sorted().toList()) {
                List<String> lines = Files.readAllLines(file);
                if (lines.stream().noneMatch(line -> line.contains("Launcher Type: "))) {
                    continue;
                }
                jvms.add(new Jvm(List.of(after(lines, "jvm_args: ").strip().split(" ")),
                        after(lines, "java_command: ")));
            }
        }
        return jvms;
    }

    private static String after(List<String> lines, String label) {
        return lines.stream().filter(line -> line.contains(label)).findFirst().orElseThrow()
                .replaceFirst("^.*?" + label, "");
    }

    private String stderr() throws Exception {
        return Files.readString(photos.dir().resolve("stderr.txt"));
    }

    private List<Jvm> finished(Process process) throws Exception {
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("finished").isTrue();
        assertThat(process.exitValue()).as(stderr()).isZero();
        return jvms();
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "-s loop --no-write IN",
        "filters",
        // One value is no scan, in either form.
        "--parallelism=2 --no-write IN",
        "--parallelism 2 --no-write IN",
        "--io-latency=1ms --no-write IN",
        "--max-in-flight 2 --no-write IN",
    })
    @Timeout(90)
    void aJobsJvmGetsTheRaisedThresholdsAndNamesThemAsItsOwn(String arguments) throws Exception {
        List<Jvm> jvms = finished(start(arguments));

        assertThat(jvms).singleElement().satisfies(jvm -> assertThat(jvm.thresholds()).as(jvm.command())
                .containsExactly(SCALING, LAUNCHER_ONLY + SCALING));
    }

    @Test
    @Timeout(90)
    void aJobOfSeveralStrategiesHasThemAndTheChildrenItForksToMeasureDoNot() throws Exception {
        List<Jvm> jvms = finished(start("-s loop,virtual --no-write IN"));

        assertThat(jvms).filteredOn(Jvm::launched).singleElement().satisfies(jvm -> assertThat(jvm.thresholds())
                .as(jvm.command()).containsExactly(SCALING, LAUNCHER_ONLY + SCALING));
        assertThat(jvms).filteredOn(jvm -> !jvm.launched()).hasSize(2).allSatisfy(jvm -> {
            assertThat(jvm.command()).startsWith("dev.loomy.engine.fork.ChildMain ");
            assertThat(jvm.thresholds()).as(jvm.command()).isEmpty();
        });
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "-s loop --repeat=2 --no-write IN",
        "-s loop --repeat 2 --no-write IN",
        "-s loop --warmup=1 --no-write IN",
        "-s loop --warmup 1 --no-write IN",
        "-s loop --fork --no-write IN",
        "-s loop --no-fork --no-write IN",
        "-s loop --order=sequential --no-write IN",
        "-s loop --reference=loop --no-write IN",
        "-s loop --save-baseline=saved --no-write IN",
        "-s loop --baseline=BASELINE --no-write IN",
        // It needs --baseline: on its own it is bad usage.
        "-s loop --fail-on-regression=50% --baseline BASELINE --no-write IN",
        "-s loop --profile=gc --no-write IN",
        "-s loop --jvm=JAVA --no-write IN",
        "-s loop --jvm-options=-XX:+UseSerialGC --no-write IN",
        "-s pool --parallelism=1,2 --no-write IN",
        "-s pool --parallelism 1,2 --no-write IN",
        "-s loop --cv-threads=1,2 --no-write IN",
        "-s loop --cv-threads 1,2 --no-write IN",
        "-s loop --max-in-flight=1,2 --no-write IN",
        "-s loop --max-in-flight 1,2 --no-write IN",
        "-s loop --io-latency=0,1ms --no-write IN",
        "-s loop --io-latency 0,1ms --no-write IN",
        "gallery -f NoOp -o OUT IN",
        "tune --port 0 IN",
    })
    @Timeout(90)
    void aJvmThatMeasuresItselfHasNeither(String arguments) throws Exception {
        Process process = start(arguments);
        // Its command line is logged as it starts: what it measures afterwards (a scan's children, the
        // gallery's filters, tune's page, served until stopped) adds nothing to know, only time.
        List<Jvm> launched = List.of();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (launched.isEmpty() && process.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
            launched = jvms().stream().filter(Jvm::launched).toList();
        }
        if (process.isAlive()) {
            stop(process);
        } else {
            assertThat(process.exitValue()).as(stderr()).isZero();
        }

        assertThat(jvms()).filteredOn(Jvm::launched).singleElement()
                .satisfies(jvm -> assertThat(jvm.thresholds()).as(jvm.command()).isEmpty());
    }

    /**
     * The training run that makes the ahead-of-time cache (Java 25 and later) has a job's thresholds, once,
     * whether the invocation that finds the cache missing is a job or measures itself: the cache's profiles
     * are then always a job's.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"-s loop --no-write IN", "-s loop --repeat=2 --no-write IN"})
    @Timeout(180)
    void theCachesTrainingRunHasAJobsThresholdsOnce(String arguments) throws Exception {
        Process process = start(arguments, true);
        assertThat(process.waitFor(150, TimeUnit.SECONDS)).as("finished").isTrue();
        assertThat(process.exitValue()).as(stderr()).isZero();

        List<Jvm> training = jvms().stream().filter(jvm -> jvm.options().stream()
                .anyMatch(o -> o.startsWith("-XX:AOTCacheOutput=") || o.startsWith("-XX:AOTMode=create"))).toList();
        if (Runtime.version().feature() < 25) {
            assertThat(training).as("no cache is made before Java 25").isEmpty();
            return;
        }
        assertThat(training).as("the training's JVMs").isNotEmpty().allSatisfy(jvm -> assertThat(
                jvm.options().stream().filter(SCALING::equals)).as(jvm.command()).hasSize(1));
        assertThat(Files.exists(photos.dir().resolve("launcher").resolve("loomy-java" + Runtime.version().feature()
                + ".aot"))).as("the cache made").isTrue();
    }

    /** Stops what the launcher started, then the launcher once it has seen that (it waits for its JVM). */
    private static void stop(Process process) throws Exception {
        process.descendants().forEach(ProcessHandle::destroyForcibly);
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).as("the launcher ended").isTrue();
    }
}
