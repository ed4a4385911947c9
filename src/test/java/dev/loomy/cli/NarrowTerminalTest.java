package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.loomy.Slow;
import dev.loomy.TestImages;

/** The table printed at the terminal's width (run.sh passes it as loomy.columns) is no wider, whatever it holds. */
class NarrowTerminalTest {

    @TempDir
    Path dir;

    @Slow
    @ParameterizedTest
    @ValueSource(ints = {80, 100, 120})
    void longVariantNamesAndAScanFitTheTerminal(int width) throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 2, 32, 24);
        String before = System.getProperty("loomy.columns");
        System.setProperty("loomy.columns", String.valueOf(width));
        Cli cli;
        try {
            cli = Cli.run("-s", "loop,pool", "-f", "NoOp,Cartoon2", "--param=red=20", "--param=green=200",
                    "--parallelism=1,2,4", "--no-fork", "--no-write", "--repeat=2", "--warmup=0", in.toString());
        } finally {
            if (before == null) {
                System.clearProperty("loomy.columns");
            } else {
                System.setProperty("loomy.columns", before);
            }
        }

        assertThat(cli.status()).as(cli.err()).isZero();
        assertThat(cli.out()).contains("Cartoon2[", "red=20", "Parallelism");
        assertThat(cli.out().lines().filter(line -> line.length() > width).toList()).as(cli.out()).isEmpty();
        if (cli.out().contains("Left out")) {
            assertThat(cli.out()).contains("Left out to fit " + width + " columns");
        }
    }
}
