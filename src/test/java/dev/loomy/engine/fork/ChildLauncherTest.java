package dev.loomy.engine.fork;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import dev.loomy.imageio.OneWriter;
import dev.loomy.run.JvmComparison;
import dev.loomy.run.Trial;
import dev.loomy.strategy.Strategies;

class ChildLauncherTest {

    @Test
    void keepsTheOptionsThatShapeAMeasurementAndDropsThoseAChildMustNotRepeat() {
        Properties properties = new Properties();
        properties.setProperty("loomy.test.crash", "virtual/NoOp=halt");
        properties.setProperty("user.dir", "/somewhere");
        List<String> options = ChildLauncher.jvmOptions(List.of("-Xmx2g", "-XX:+UseZGC", "-Dloomy.cache=/c",
                "-agentlib:jdwp=transport=dt_socket,server=y,address=5005", "-javaagent:/x/agent.jar",
                "-XX:+AutoCreateSharedArchive", "-XX:SharedArchiveFile=/t/loomy-java25.jsa", "-Xshare:auto",
                "-Dloomy.stderr.terminal=true", "-Djdk.virtualThreadScheduler.parallelism=7",
                "--enable-native-access=ALL-UNNAMED", "-Dloomy.run=1"), properties, 3);
        assertThat(options).containsExactly("-Xmx2g", "-XX:+UseZGC", "-Dloomy.cache=/c",
                "--enable-native-access=ALL-UNNAMED", "-Djdk.virtualThreadScheduler.parallelism=3",
                "-Dloomy.run=" + OneWriter.RUN, "-Dloomy.test.crash=virtual/NoOp=halt");
    }

    @Test
    void theAheadOfTimeCacheIsNeverPassedOnToAChild() {
        // A child given -XX:AOTCacheOutput would write its own training over the parent's cache.
        List<String> options = ChildLauncher.jvmOptions(List.of("-XX:AOTCacheOutput=/t/loomy.aot",
                "-XX:AOTCache=/t/loomy.aot", "-XX:AOTMode=auto", "-XX:AOTConfiguration=/t/loomy.aotconf",
                "-Dloomy.phases.launched=1.5", "-XX:+UseSerialGC"), new Properties(), 2);
        assertThat(options).containsExactly("-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED",
                "-Djdk.virtualThreadScheduler.parallelism=2", "-Dloomy.run=" + OneWriter.RUN);
    }

    @Test
    void optionsTheLauncherGaveItsOwnJvmAloneAreNotPassedOnToAChild() {
        // The JIT's start-up thresholds are for a plain job's one cold run; a measuring child is warmed up.
        Properties properties = new Properties();
        properties.setProperty("loomy.launcher.only", "-XX:CompileThresholdScaling=3");
        List<String> options = ChildLauncher.jvmOptions(List.of("-XX:CompileThresholdScaling=3",
                "-Dloomy.launcher.only=-XX:CompileThresholdScaling=3", "-XX:+UseSerialGC"), properties, 2);
        assertThat(options).containsExactly("-XX:+UseSerialGC", "--enable-native-access=ALL-UNNAMED",
                "-Djdk.virtualThreadScheduler.parallelism=2", "-Dloomy.run=" + OneWriter.RUN);
    }

    @Test
    void theChildRunsItsOwnEntryPointWithTheTrialsKey() {
        ChildLauncher launcher = new ChildLauncher("/jdk/bin/java", List.of("-Xmx1g"), "a.jar:b.jar", Map.of());
        Trial trial = new Trial(Strategies.byName("pool"), "NoOp");
        assertThat(launcher.command(trial)).containsExactly("/jdk/bin/java", "-Xmx1g", "-cp", "a.jar:b.jar",
                "dev.loomy.engine.fork.ChildMain", "pool/NoOp");
    }

    @Test
    void theChildGetsTheLaunchersEnvironmentBesideThisJvms() {
        ChildLauncher launcher = new ChildLauncher("/jdk/bin/java", List.of(), "a.jar", Map.of("OPENCV_IPP", "disabled"));
        ProcessBuilder process = launcher.process(new Trial(Strategies.byName("loop"), "NoOp"));
        assertThat(process.environment()).containsEntry("OPENCV_IPP", "disabled");
        assertThat(process.environment()).containsAllEntriesOf(System.getenv());
        assertThat(process.command()).isEqualTo(launcher.command(new Trial(Strategies.byName("loop"), "NoOp")));
    }

    @Test
    void anOptionSetReplacesLoomysOptionsOfTheSameNameAndKeepsTheRest() {
        ChildLauncher launcher = new ChildLauncher("/jdk/bin/java", List.of("-XX:+UseSerialGC", "-XX:NewSize=48m",
                "-Xms64m", "-Xmx1g", "-Dloomy.cache=/c"), "a.jar", Map.of());
        ChildLauncher parallel = launcher.on(null, new JvmComparison.OptionSet(List.of("-XX:+UseParallelGC", "-Xmx300m",
                "-XX:NewSize=32m"), "-XX:+UseParallelGC -Xmx300m -XX:NewSize=32m"));
        assertThat(parallel.versionCommand()).containsExactly("/jdk/bin/java", "-Xms64m", "-Dloomy.cache=/c",
                "-XX:+UseParallelGC", "-Xmx300m", "-XX:NewSize=32m", "-version");
        assertThat(launcher.on(null, new JvmComparison.OptionSet(List.of(), "default")).versionCommand())
                .isEqualTo(launcher.versionCommand());
    }

    @Test
    void aJvmOfAnotherReleaseGetsLogSettingsItReadsAndPreviewFeaturesOnlyOn25() {
        ChildLauncher launcher = new ChildLauncher("/jdk25/bin/java", List.of("-Xlog:disable",
                "-Xlog:all=warning,cds*=off,aot*=off:stderr", "-XX:+UseSerialGC", "--enable-preview"), "a.jar", Map.of());
        int other = Runtime.version().feature() == 21 ? 22 : 21;
        assertThat(launcher.on(new JvmComparison.Jvm("/jdk/bin/java", "Some " + other, other), null).versionCommand())
                .containsExactly("/jdk/bin/java", "-Xlog:disable", "-Xlog:all=warning:stderr", "-XX:+UseSerialGC",
                        "-version");
        assertThat(launcher.on(new JvmComparison.Jvm("/j25/bin/java", "Some 25", 25), null).versionCommand())
                .contains("--enable-preview");
    }
}
