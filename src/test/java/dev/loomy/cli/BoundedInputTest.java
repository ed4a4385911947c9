package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.Slow;
import dev.loomy.run.ExitCodes;
import dev.loomy.testing.Inputs;

/**
 * What a user gives is read within bounds: a filters file of at most 1 MiB, never a FIFO or a
 * device, and a --param product counted before it is made. Refused in one line, exit 2.
 */
class BoundedInputTest {

    /** The most a filters file may hold, as the docs state it. */
    static final int MIB = 1024 * 1024;

    @TempDir
    Path dir;

    Path in;

    @BeforeEach
    void inputs() {
        in = Inputs.oneSmallImage(dir.resolve("in"));
    }

    private Cli run(String... options) {
        List<String> args = new ArrayList<>(List.of(options));
        args.addAll(List.of("-s", "loop", "--no-write", "--no-fork", in.toString()));
        return Cli.run(args.toArray(String[]::new));
    }

    private static void assertRefused(int status, String err, String expected) {
        assertThat(status).as(err).isEqualTo(ExitCodes.USAGE);
        assertThat(err.lines().toList()).singleElement().asString().startsWith("loomy: ").contains(expected);
    }

    @Slow
    @Test
    void anEndlessFilterFileIsRefusedUnread() throws Exception {
        // In a JVM of its own, with a small heap: read whole, /dev/zero would fill any.
        LoomyProcess loomy = LoomyProcess.start(dir, List.of("-Xmx128m"), "--config=/dev/zero", "-s", "loop",
                "--no-write", in.toString());
        assertThat(loomy.process().waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertRefused(loomy.process().exitValue(), loomy.stderr(), "/dev/zero: cannot read: not a regular file");
    }

    @Slow
    @Test
    void aFifoAsFilterFileIsRefusedWithoutBlocking() throws Exception {
        Path fifo = dir.resolve("filters.fifo");
        assertThat(new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor()).isZero();
        LoomyProcess loomy = LoomyProcess.start(dir, List.of(), "--config=" + fifo, "-s", "loop", "--no-write",
                in.toString());
        boolean ended = loomy.process().waitFor(60, TimeUnit.SECONDS);
        if (!ended) {
            loomy.process().destroyForcibly();
        }
        assertThat(ended).as("ended without anyone writing the FIFO").isTrue();
        assertRefused(loomy.process().exitValue(), loomy.stderr(), fifo + ": cannot read: not a regular file");
    }

    @Test
    void aFilterFileOverItsLimitIsRefused() throws Exception {
        Path big = dir.resolve("big.yaml");
        // A valid YAML document: one long comment line, then the filters.
        Files.writeString(big, "#" + "x".repeat(MIB) + "\nfilters: {}\n");
        Cli cli = run("--config=" + big);
        assertRefused(cli.status(), cli.err(), big + ": cannot read: larger than 1 MiB");
    }

    @Test
    void aFilterFileJustUnderItsLimitIsRead() throws Exception {
        Path file = dir.resolve("filters.yaml");
        String head = "filters:\n  Plain: {kind: NoOp}\n#";
        Files.writeString(file, head + "x".repeat(MIB - head.length() - 1) + "\n");
        assertThat(Files.size(file)).isEqualTo(MIB);
        Cli cli = run("--config=" + file, "-f", "Plain");
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.OK);
    }

    @Test
    void manyAliasesAreRefused() throws Exception {
        Path file = dir.resolve("laughs.yaml");
        StringBuilder yaml = new StringBuilder("a: &a [x, x, x, x, x, x, x, x, x, x]\n");
        for (char c = 'b'; c <= 'i'; c++) {
            char before = (char) (c - 1);
            yaml.append(c).append(": &").append(c).append(" [")
                    .append(IntStream.range(0, 10).mapToObj(i -> "*" + before).collect(Collectors.joining(", ")))
                    .append("]\n");
        }
        Files.writeString(file, yaml, StandardCharsets.UTF_8);
        Cli cli = run("--config=" + file);
        assertRefused(cli.status(), cli.err(), "aliases");
    }

    @Test
    void aParameterProductBeyondTheLimitIsRefusedCountedNotMade() {
        String values = IntStream.rangeClosed(1, 40).mapToObj(Integer::toString).collect(Collectors.joining(","));
        Cli cli = run("-f", "Cartoon2", "--param=red=" + values, "--param=green=" + values, "--param=blue=" + values);
        assertRefused(cli.status(), cli.err(), "64,000 rows asked");
        assertThat(cli.err()).contains("at most 1,000");
    }

    @Test
    void aProductTooLargeToMakeIsRefusedAsFast() {
        String values = IntStream.rangeClosed(1, 99).mapToObj(i -> "0." + i).collect(Collectors.joining(","));
        Cli cli = run("-f", "ALTMRetinex", "--param=eps=" + values, "--param=eta=" + values, "--param=lambda="
                + values, "--param=kernelRatio=" + values, "--param=r=" + IntStream.rangeClosed(1, 99)
                .mapToObj(Integer::toString).collect(Collectors.joining(",")));
        assertRefused(cli.status(), cli.err(), "9,509,900,499 rows asked");
    }

    @Test
    void aSweepOfMoreThanAHandfulSaysHowManyRowsWillRun() {
        Cli cli = run("-f", "Cartoon2", "--param=red=1,2,3,4,5,6", "--param=green=1,2");
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.OK);
        assertThat(cli.err()).contains("loomy: 12 rows will run (12 filters and variants, 1 row each)");
        assertThat(run("-f", "Cartoon2", "--param=red=1,2").err()).doesNotContain("rows will run");
    }
}
