package dev.loomy.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;

import dev.loomy.imageio.TempFiles;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * What {@code ./run.sh install} puts beside the command, made from the commands' own picocli
 * model: the completion script ({@code loomy.bash}, by picocli's {@link AutoComplete}: bash, and
 * zsh through its bashcompinit) and the man pages ({@code man/loomy.1}, {@code man/loomy-filters.1},
 * ...: AsciiDoc by picocli-codegen's {@link ManPageGenerator}, made into troff by Asciidoctor).
 * Both libraries are build-time dependencies (the pom's man profile runs this), not in loomy's jar.
 */
public final class ToolFiles {

    private ToolFiles() {
    }

    /** Writes the files into the folder {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]));
    }

    static void write(Path dir) throws IOException {
        CommandLine tree = Main.tree(System.out, System.err);
        Path adoc = dir.resolve("adoc");
        Path man = dir.resolve("man");
        TempFiles.makeFolders(adoc);
        TempFiles.makeFolders(man);
        TempFiles.noInputs().replace(dir.resolve("loomy.bash"),
                AutoComplete.bash("loomy", tree).getBytes(StandardCharsets.UTF_8));
        int status = ManPageGenerator.generateManPage(adoc.toFile(), null, new boolean[0], true, tree.getCommandSpec());
        if (status != 0) {
            throw new IOException("the man pages' AsciiDoc could not be written (status " + status + ")");
        }
        try (Asciidoctor asciidoctor = Asciidoctor.Factory.create()) {
            File[] pages = adoc.toFile().listFiles((folder, name) -> name.endsWith(".adoc"));
            for (File page : pages) {
                asciidoctor.convertFile(page, Options.builder().backend("manpage").safe(SafeMode.UNSAFE)
                        .toDir(man.toFile()).mkDirs(true).build());
            }
        }
    }
}
