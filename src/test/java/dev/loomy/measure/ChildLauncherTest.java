package dev.loomy.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Properties;

import org.junit.jupiter.api.Test;

import dev.loomy.filter.NoOp;
import dev.loomy.pipeline.TempFiles;
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
                "-Dloomy.run=" + TempFiles.RUN, "-Dloomy.test.crash=virtual/NoOp=halt");
    }

    @Test
    void theChildRunsLoomyWithItsPairFirstThenTheParentsArguments() {
        ChildLauncher launcher = new ChildLauncher("/jdk/bin/java", List.of("-Xmx1g"), "a.jar:b.jar",
                List.of("--strategy=all", "--", "-odd-folder"), Map.of());
        Pair pair = new Pair(Strategies.byName("pool"), new NoOp());
        assertThat(launcher.command(pair)).containsExactly("/jdk/bin/java", "-Xmx1g", "-cp", "a.jar:b.jar",
                "dev.loomy.cli.Main", "--child=pool/NoOp", "--strategy=all", "--", "-odd-folder");
    }

    @Test
    void theChildGetsTheLaunchersEnvironmentBesideThisJvms() {
        ChildLauncher launcher = new ChildLauncher("/jdk/bin/java", List.of(), "a.jar", List.of("in"),
                Map.of("OPENCV_IPP", "disabled"));
        ProcessBuilder process = launcher.process(new Pair(Strategies.byName("loop"), new NoOp()));
        assertThat(process.environment()).containsEntry("OPENCV_IPP", "disabled");
        assertThat(process.environment()).containsAllEntriesOf(System.getenv());
        assertThat(process.command()).isEqualTo(launcher.command(new Pair(Strategies.byName("loop"), new NoOp())));
    }
}
