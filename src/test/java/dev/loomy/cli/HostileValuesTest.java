package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.loomy.run.ExitCodes;
import dev.loomy.testing.Inputs;

/** Values out of range are bad usage, said in one line: never a stack trace, never a run that does nothing. */
class HostileValuesTest {

    @TempDir
    Path dir;

    Path in;

    @BeforeEach
    void inputs() {
        in = Inputs.oneSmallImage(dir.resolve("in"));
    }

    private void assertUsage(String expected, String... options) {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("-s", "loop", "--no-write", in.toString()));
        Cli cli = Cli.run(args.toArray(String[]::new));
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err().lines().toList()).singleElement().asString().startsWith("loomy: ").contains(expected);
        assertThat(cli.out()).isEmpty();
    }

    @Test
    void tooManyThreads() {
        assertUsage("--parallelism must be from 1 to 4096, not 40000", "--parallelism=40000");
        assertUsage("--cv-threads must be from 1 to 4096, not 4097", "--cv-threads=4097");
    }

    @Test
    void anEmptyName() {
        assertUsage("--filter: an empty name", "-f", ",");
        assertUsage("--filter: an empty name", "-f", "NoOp,,Cartoon2");
        Cli cli = Cli.run("-s", ",", "--no-write", in.toString());
        assertThat(cli.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).contains("--strategy: an empty name");
    }

    @ParameterizedTest(name = "{1}")
    @CsvSource(delimiter = '|', textBlock = """
            --filter: an empty name in 'Cartoon2,'       | -f Cartoon2,
            --strategy: an empty name in 'loop,'         | -s loop,
            --parallelism: an empty value in '1,2,'      | --parallelism=1,2,
            --cv-threads: an empty value in '1,'         | --cv-threads=1,
            --io-latency: an empty value in '0,5ms,'     | --io-latency=0,5ms,
            --max-in-flight: an empty value in '2,'      | --max-in-flight=2,
            """)
    void anEmptyNameOrValueAtTheEndOfAList(String expected, String options) {
        assertUsage(expected, options.split(" "));
    }

    @Test
    void anEmptyPathIsNotTheCurrentFolder() {
        Cli input = Cli.run("-s", "loop", "--no-write", "");
        assertThat(input.status()).as(input.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(input.err()).isEqualTo("loomy: INPUT: an empty path (give a folder or an image; . for the current "
                + "folder)" + System.lineSeparator());
        assertUsage("--output: an empty value", "-o=");
        assertUsage("--config: an empty value", "--config=");
        assertUsage("--report: an empty value", "--report=");
    }

    @Test
    void optionsAboutOutputsSayTheyDoNothingWithNoWrite() {
        Cli cli = Cli.run("-s", "loop", "--no-write", "--image-format=png", "-o", dir.resolve("o").toString(), in.toString());

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.err()).contains("loomy: warning: --image-format does nothing with --no-write",
                "loomy: warning: --output does nothing with --no-write");
        assertThat(dir.resolve("o")).doesNotExist();
    }

    @Test
    void recordingsThatCannotBeWrittenAreRefusedBeforeAnyImageEvenWithNoWrite() throws Exception {
        Path file = java.nio.file.Files.writeString(dir.resolve("file.txt"), "a file, not a folder");

        assertUsage("--profile=jfr: its recordings folder " + file.resolve("out/jfr") + " cannot be written",
                "--profile=jfr", "-o", file.resolve("out").toString());
    }

    @Test
    void aRecordingNameTooLongForAFileIsRefusedBeforeAnyImage() throws Exception {
        String name = "P" + "x".repeat(249);
        Path config = java.nio.file.Files.writeString(dir.resolve("long.yaml"), "filters:\n  " + name + ": {kind: NoOp}\n");

        assertUsage("--profile=jfr: the recording of loop / " + name.substring(0, 40) + "... would be named with 259 "
                + "characters", "--config=" + config, "-f", name, "--profile=jfr", "-o", dir.resolve("out").toString());
    }

    @Test
    void aParameterGivenTwice() {
        assertUsage("--param=red is given twice (5, then 6): give all its values in one, --param=red=5,6",
                "-f", "Cartoon2", "--param=red=5", "--param=green=3", "--param=red=6");
    }

    @Test
    void aChainOfThousandsOfChains() throws Exception {
        StringBuilder yaml = new StringBuilder("filters:\n  c0: {chain: [NoOp]}\n");
        for (int i = 1; i < 3000; i++) {
            yaml.append("  c").append(i).append(": {chain: [c").append(i - 1).append("]}\n");
        }
        Path config = Files.writeString(dir.resolve("deep.yaml"), yaml);
        assertUsage("deep.yaml:34: chain 'c32' nests chains more than 32 deep", "--config=" + config, "-f", "c2999");

        // Defined the other way round, each chain is resolved from inside the one that names it.
        StringBuilder reversed = new StringBuilder("filters:\n");
        for (int i = 2999; i > 0; i--) {
            reversed.append("  c").append(i).append(": {chain: [c").append(i - 1).append("]}\n");
        }
        reversed.append("  c0: {chain: [NoOp]}\n");
        assertUsage("nests chains more than 32 deep", "--config=" + Files.writeString(dir.resolve("r.yaml"), reversed));
    }

    @Test
    void aChainThatMultipliesItsSteps() throws Exception {
        StringBuilder yaml = new StringBuilder("filters:\n  c0: {chain: [NoOp, NoOp]}\n");
        for (int i = 1; i < 20; i++) {
            yaml.append("  c").append(i).append(": {chain: [c").append(i - 1).append(", c").append(i - 1).append("]}\n");
        }
        Path config = Files.writeString(dir.resolve("wide.yaml"), yaml);
        assertUsage("wide.yaml:11: chain 'c9' applies more than 1000 filters in all", "--config=" + config);
    }

    @Test
    void yamlNestedTwentyThousandDeep() throws Exception {
        Path flow = Files.writeString(dir.resolve("flow.yaml"), "filters: " + "[".repeat(20_000) + "]".repeat(20_000));
        assertUsage("flow.yaml: malformed YAML: nested more than 100 levels deep", "--config=" + flow);
        StringBuilder block = new StringBuilder("filters:\n");
        for (int i = 0; i < 150; i++) {
            block.append(" ".repeat(i + 1)).append("k").append(i).append(":\n");
        }
        Path nested = Files.writeString(dir.resolve("block.yaml"), block);
        assertUsage("block.yaml:", "--config=" + nested);
        assertUsage("nested more than 100 levels deep", "--config=" + nested);
    }
}
