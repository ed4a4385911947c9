package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.Slow;
import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

class LoomyCommandTest {

    @TempDir
    Path dir;

    Path input;

    @BeforeEach
    void images() {
        input = dir.resolve("in");
        TestImages.write(input.resolve("a.png"), 64, 48, 1);
        TestImages.write(input.resolve("b.jpg"), 80, 60, 2);
        TestImages.write(input.resolve("sub/c.PNG"), 33, 21, 3);
        TestImages.write(input.resolve("sub/deeper/d.bmp"), 20, 20, 4);
    }

    private String out(String name) {
        return dir.resolve(name).toString();
    }

    /** Relative path to bytes of every file under {@code folder}. */
    private static Map<String, byte[]> contents(Path folder) throws Exception {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(folder)) {
            for (Path file : walk.filter(Files::isRegularFile).toList()) {
                files.put(folder.relativize(file).toString(), Files.readAllBytes(file));
            }
        }
        return files;
    }

    @Test
    void oneStrategyAndFilterWriteOneOutputPerImageUnderTheRelativePath() throws Exception {
        Cli cli = Cli.run("--strategy=virtual", "--filter=noop", "-o", out("out"), "--format=table", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(contents(dir.resolve("out")).keySet())
                .containsExactly("a.png", "b.jpg", "sub/c.PNG", "sub/deeper/d.bmp");
        // The table's prose wraps at the terminal's width: words, not lines, are compared.
        assertThat(cli.out().replaceAll("\\s+", " ")).contains("virtual: one virtual thread per image").contains("NoOp")
                .contains("Avg (images/sec)").contains("measured in loomy's own JVM").doesNotContain("one after the other");
    }

    @Slow
    @Test
    void everyStrategyProducesIdenticalFiles() throws Exception {
        Cli cli = Cli.run("--strategy=all,virtual-priority", "-o", out("out"), "--parallelism=2", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        Map<String, byte[]> reference = contents(dir.resolve("out/NoOp/loop"));
        assertThat(reference).hasSize(4);
        for (String strategy : List.of("threads", "pool", "forkjoin", "virtual", "virtual-priority")) {
            Map<String, byte[]> files = contents(dir.resolve("out/NoOp/" + strategy));
            assertThat(files.keySet()).as(strategy).isEqualTo(reference.keySet());
            files.forEach((name, bytes) -> assertThat(Arrays.equals(bytes, reference.get(name))).as(strategy + " " + name).isTrue());
        }
    }

    @Slow
    @Test
    void csvHasTheContractColumnsAndOneRowPerStrategy() {
        Cli cli = Cli.run("--strategy=all", "--format=csv", "--no-write", input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        List<String> header = List.of(lines.get(0).split(","));
        assertThat(header).contains("strategy", "filter", "images", "failed", "runs", "time_ms_median", "time_ms_min",
                "time_ms_max", "images_per_sec", "speedup_vs_loop", "outcome");
        assertThat(lines).hasSize(6);
        for (String line : lines.subList(1, 6)) {
            String[] cells = line.split(",", -1);
            assertThat(cells).hasSize(header.size());
            assertThat(cells[header.indexOf("images")]).isEqualTo("4");
            assertThat(cells[header.indexOf("failed")]).isEqualTo("0");
            assertThat(cells[header.indexOf("outcome")]).isEqualTo("ok");
            assertThat(Double.parseDouble(cells[header.indexOf("images_per_sec")])).isPositive();
            assertThat(Double.parseDouble(cells[header.indexOf("speedup_vs_loop")])).isPositive();
        }
        assertThat(lines.subList(1, 6)).extracting(l -> l.split(",")[0])
                .containsExactly("loop", "threads", "pool", "forkjoin", "virtual");
    }

    @Test
    void speedUpIsEmptyWhenLoopWasNotMeasured() {
        Cli cli = Cli.run("--strategy=virtual", "--format=csv", "--no-write", input.toString());

        List<String> header = List.of(cli.out().lines().findFirst().orElseThrow().split(","));
        String[] row = cli.out().lines().skip(1).findFirst().orElseThrow().split(",", -1);
        assertThat(row[header.indexOf("speedup_vs_loop")]).isEmpty();
    }

    @Test
    void noWriteWritesNothing() {
        Cli cli = Cli.run("--no-write", "-o", out("out"), input.toString());

        assertThat(cli.status()).isZero();
        assertThat(dir.resolve("out")).doesNotExist();
    }

    @Test
    void imageFormatReplacesExtensions() throws Exception {
        Cli cli = Cli.run("--image-format=png", "-o", out("out"), input.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(contents(dir.resolve("out")).keySet()).containsExactly("a.png", "b.png", "sub/c.png", "sub/deeper/d.png");
    }

    @Slow
    @Test
    void aBadImageIsNamedOnStandardErrorTheRestIsDoneAndTheExitIsOne() throws Exception {
        Files.writeString(input.resolve("broken.jpg"), "not a jpeg");

        Cli cli = Cli.run("--strategy=loop,virtual", "--format=csv", "-o", out("out"), input.toString());

        assertThat(cli.status()).isEqualTo(ExitCodes.FAILED_IMAGES);
        assertThat(cli.err().lines().filter(l -> l.contains("broken.jpg")).toList())
                .singleElement().asString().contains("not an image");
        assertThat(cli.out()).contains("failed-images");
        assertThat(contents(dir.resolve("out/NoOp/virtual"))).hasSize(4);
    }

    /** A command line that is bad usage, made from the test's input folder and its own folder. */
    interface BadLine {
        String[] args(Path input, Path dir) throws IOException;
    }

    private static Arguments bad(String name, BadLine line, String message) {
        return Arguments.of(Named.of(name, line), message);
    }

    static Stream<Arguments> badUsage() {
        return Stream.of(
                bad("a filter name that is only a prefix", (in, dir) -> new String[] {"--filter=Sepia", in.toString()},
                        "unknown filter 'Sepia' (did you mean SepiaGray or SepiaRed?)"),
                bad("a misspelt filter", (in, dir) -> new String[] {"-f", "Cartoo2", in.toString()},
                        "unknown filter 'Cartoo2' (did you mean Cartoon2 or Cartoon?)"),
                bad("an unknown strategy", (in, dir) -> new String[] {"--strategy=fibers", in.toString()},
                        "unknown strategy 'fibers'"),
                bad("a missing input", (in, dir) -> new String[] {dir.resolve("missing").toString()},
                        "no such file or folder"),
                bad("an output inside the input", (in, dir) -> new String[] {"-o", in.resolve("out").toString(), in.toString()},
                        "inside the input folder"),
                bad("no repetition", (in, dir) -> new String[] {"--repeat=0", in.toString()}, "--repeat"),
                bad("no image in flight", (in, dir) -> new String[] {"--max-in-flight=0", in.toString()},
                        "'--max-in-flight' (N|auto|unbounded): expected a number of images"),
                bad("an unknown format", (in, dir) -> new String[] {"--format=xml", in.toString()}, "unknown format"),
                bad("an unknown option", (in, dir) -> new String[] {"--no-such-option", in.toString()}, "Unknown option"),
                bad("no input", (in, dir) -> new String[] {}, "INPUT"),
                bad("an input without images",
                        (in, dir) -> new String[] {Files.createDirectories(dir.resolve("empty")).toString()},
                        "no images found"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badUsage")
    void badUsageExitsTwoWithOneLine(BadLine line, String message) throws Exception {
        assertUsage(Cli.run(line.args(input, dir)), message);
        assertThat(input.resolve("out")).doesNotExist();
    }

    @Test
    void theLocalEngineTakesFileUrisAsPathsAndRefusesOtherUrisNamingTheOption() throws Exception {
        Cli plain = Cli.run("--strategy=loop", "--no-fork", "-o", out("plain"), input.toString());
        Cli uris = Cli.run("--strategy=loop", "--no-fork", "-o", dir.resolve("uris").toUri().toString(),
                input.toUri().toString());

        assertThat(uris.status()).as(uris.err()).isZero();
        Map<String, byte[]> expected = contents(dir.resolve("plain"));
        assertThat(plain.status()).isZero();
        assertThat(contents(dir.resolve("uris"))).containsOnlyKeys(expected.keySet().toArray(String[]::new))
                .allSatisfy((name, bytes) -> assertThat(bytes).as(name).isEqualTo(expected.get(name)));
        assertUsage(Cli.run("-o", out("x"), "hdfs://namenode/photos"),
                "INPUT hdfs://namenode/photos: the local engine takes paths and file: URIs; --engine=spark");
        assertUsage(Cli.run("-o", "s3a://bucket/out", input.toString()),
                "--output=s3a://bucket/out: the local engine takes paths and file: URIs; --engine=spark");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    @Test
    void aSparkConfWithoutAnEqualsSignIsNamedOnce() {
        Cli cli = Cli.run("--engine=spark", "--spark-conf=novalue", "-o", out("x"), input.toString());

        assertUsage(cli, "loomy: Value for option '--spark-conf' (KEY=VALUE) should be in KEY=VALUE format but was "
                + "novalue (see 'loomy --help')");
        assertThat(dir.resolve("x")).doesNotExist();
    }

    private static void assertUsage(Cli cli, String message) {
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).as(cli.err()).singleElement().asString().startsWith("loomy: ").contains(message);
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void helpAndVersionExitZero() {
        Cli help = Cli.run("--help");
        assertThat(help.status()).isZero();
        assertThat(help.out()).contains("--strategy").contains("--filter").contains("INPUT");

        Cli version = Cli.run("--version");
        assertThat(version.status()).isZero();
        assertThat(version.out()).startsWith("loomy ");
    }

    @Test
    void csvHasBothLanesOfVirtualPriorityEvenForOneImage() {
        Cli cli = Cli.run("-s", "virtual-priority", "--no-write", "--format=csv", "--quiet", input.resolve("a.png").toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        List<String> header = List.of(cli.out().lines().findFirst().orElseThrow().split(","));
        assertThat(header).contains("lane_priority_1_ms", "lane_priority_10_ms");
    }
}
