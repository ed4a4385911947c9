package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.run.ExitCodes;

/**
 * A name from the command line or a filters file reaches the terminal escaped in every message, as a
 * file's name does: an escape sequence in it could otherwise retitle the terminal or move the cursor.
 */
class EscapedMessagesTest {

    @TempDir
    Path dir;

    private Cli run(String... options) throws Exception {
        Path in = dir.resolve("in");
        TestImages.writeMany(in, 1, 8, 8);
        String[] args = new String[options.length + 1];
        System.arraycopy(options, 0, args, 0, options.length);
        args[options.length] = in.toString();
        return Cli.run(args);
    }

    private static void assertEscaped(Cli run, String shown) {
        assertThat(run.status()).isEqualTo(ExitCodes.USAGE);
        assertThat(run.err()).contains(shown).doesNotContain("\u001B").doesNotContain("\u0007");
        assertThat(run.err().lines()).singleElement();
    }

    @Test
    void anUnknownFiltersNameIsEscaped() throws Exception {
        assertEscaped(run("-f", "Gra\u001B]0;pwned\u0007y", "-o", dir.resolve("out").toString()), "Gra\\x1B]0;pwned\\x07y");
    }

    @Test
    void anUnknownStrategysNameIsEscaped() throws Exception {
        assertEscaped(run("-s", "vir\u001B[31mtual", "-o", dir.resolve("out").toString()), "vir\\x1B[31mtual");
    }

    @Test
    void aFiltersFilesNameIsEscaped() throws Exception {
        Path config = Files.writeString(dir.resolve("f.yaml"), "filters:\n  \"X\\e]0;pwned\\aY\": {kind: Gray}\n");
        assertEscaped(run("--config=" + config, "-f", "Gray", "-o", dir.resolve("out").toString()), "X\\x1B]0;pwned\\x07Y");
    }
}
