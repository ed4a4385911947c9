package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/**
 * A job's start-up links no pattern switch and no record's own equals, hashCode or toString: each
 * is linked by a bootstrap method at its first use (java.lang.runtime's SwitchBootstraps and
 * ObjectMethods), which neither the class-data archive nor the AOT cache keeps, several
 * milliseconds apiece on the main thread of every job. Nor does it count its threads through the
 * JDK's numbered thread factories, whose VarHandle has its method handles generated at the first
 * thread. Seen here as those classes' initialisation in the JVM's class-init log.
 */
@Slow
class StartUpLinkageTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"-f NoOp", "-f Cartoon2 --max-in-flight=2", "-f NoOp,Gotham --no-write --max-in-flight=3"})
    void aJobInitialisesNoClassWhoseLinkageNoStartUpCacheKeeps(String options) throws Exception {
        Path images = Files.createDirectories(dir.resolve("in"));
        TestImages.write(images.resolve("a.jpg"), 40, 30, 1);
        TestImages.write(images.resolve("b.png"), 30, 40, 2);
        Path log = dir.resolve("class-init.log");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED", "-Xlog:class+init=info:file=" + log,
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(options.split(" ")));
        command.addAll(List.of("-o", dir.resolve("out").toString(), images.toString()));
        Process child = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve("output.txt").toFile()).start();
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).as("the job ended").isTrue();
        assertThat(child.exitValue()).as(Files.readString(dir.resolve("output.txt"))).isZero();

        List<String> initialised = Files.readAllLines(log).stream()
                .filter(line -> line.contains("Initializing 'java/lang/")).toList();

        assertThat(initialised).as("bootstrap classes initialised (the line names the thread that first used one)")
                .noneMatch(line -> line.contains("runtime/SwitchBootstraps") || line.contains("runtime/ObjectMethods"));
        assertThat(initialised).as("the JDK's numbered thread factories initialised")
                .noneMatch(line -> line.contains("ThreadBuilders$BaseThreadFactory"));
    }
}
