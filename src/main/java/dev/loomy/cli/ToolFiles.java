package dev.loomy.cli;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import org.asciidoctor.Asciidoctor;
import org.asciidoctor.Options;
import org.asciidoctor.SafeMode;

import dev.loomy.imageio.OneWriter;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.codegen.docgen.manpage.ManPageGenerator;

/**
 * What {@code ./run.sh install} puts beside the command, made from the commands' own picocli
 * model: the completion script ({@code loomy.bash}, by picocli's {@link AutoComplete}: bash, and
 * zsh through its bashcompinit), with {@link #VALUES} after it, and the man pages ({@code man/loomy.1}, {@code man/loomy-filters.1},
 * ...: AsciiDoc by picocli-codegen's {@link ManPageGenerator}, made into troff by Asciidoctor).
 * Both libraries are build-time dependencies (the pom's man profile runs this), not in loomy's jar.
 */
public final class ToolFiles {

    private ToolFiles() {
    }

    /**
     * The values offered after the options that take names, ahead of picocli's completion: picocli
     * names its lists of values by the options' labels, which {@code -f}, {@code --format} and {@code
     * --image-format} share, so that one list would stand for all three. The filters are asked of
     * loomy as the user completes ({@code loomy filters --names}, with the {@code --config} on the
     * line), so that those of the working folder's filters.yaml are offered too; the built-ins when
     * that fails. A comma list is completed at its last name, and a value after {@code =} as after a
     * space (bash splits {@code --format=c} into three words).
     */
    static final String VALUES = """

            # Values after -s, -f, --format and --image-format (loomy's own; see its ToolFiles).
            function _loomy_values() {
              local prev_word=${COMP_WORDS[COMP_CWORD-1]} curr_word=${COMP_WORDS[COMP_CWORD]} values="" i config=() head=""
              # bash breaks words at '=' too: "--image-format=w" comes as "--image-format" "=" "w"; zsh's
              # bashcompinit leaves it one word, which the reply then replaces whole.
              if [[ ${curr_word} == = ]]; then
                curr_word=""
              elif [[ ${prev_word} == = ]] && (( COMP_CWORD > 1 )); then
                prev_word=${COMP_WORDS[COMP_CWORD-2]}
              elif [[ ${curr_word} == --*=* ]]; then
                prev_word=${curr_word%%%%=*} head=${curr_word%%%%=*}= curr_word=${curr_word#*=}
              fi
              case " %s " in
                *" ${COMP_WORDS[1]} "*) [[ ${COMP_WORDS[1]} == gallery || ${COMP_WORDS[1]} == tune ]] || prev_word="" ;;
              esac
              case ${prev_word} in
                -s|--strategy) values="%s" ;;
                --format) values="%s" ;;
                --image-format) values="%s" ;;
                -f|--filter)
                  for (( i=1; i<COMP_CWORD; i++ )); do
                    [[ ${COMP_WORDS[i]} == --config=* ]] && config=("${COMP_WORDS[i]}")
                    if [[ ${COMP_WORDS[i]} == --config && ${COMP_WORDS[i+1]} == = ]]; then
                      config=("--config=${COMP_WORDS[i+2]}")
                    elif [[ ${COMP_WORDS[i]} == --config ]]; then
                      config=("--config=${COMP_WORDS[i+1]}")
                    fi
                  done
                  values="$("${COMP_WORDS[0]}" filters --names "${config[@]}" 2>/dev/null)" || values="%s" ;;
                *) _complete_loomy; return $? ;;
              esac
              local IFS=$' \\n'
              [[ ${curr_word} == *,* ]] && head=${head}${curr_word%%,*},
              COMPREPLY=( $(compgen -P "$head" -W "${values}" -- "${curr_word##*,}") )
            }
            complete -F _loomy_values -o default loomy
            """;

    /** {@link #VALUES} with today's names. */
    static String values() {
        return VALUES.formatted(String.join(" ", Main.COMMANDS.keySet()), words(new Completions.StrategyNames()),
                words(new Completions.FormatNames()), words(new Completions.ImageFormatNames()),
                words(new Completions.FilterNames()));
    }

    private static String words(Iterable<String> names) {
        return String.join(" ", names);
    }

    /** Writes the files into the folder {@code args[0]}. */
    public static void main(String[] args) throws IOException {
        write(Path.of(args[0]));
    }

    static void write(Path dir) throws IOException {
        CommandLine tree = Main.tree(System.out, System.err);
        Path adoc = dir.resolve("adoc");
        Path man = dir.resolve("man");
        OneWriter.makeFolders(adoc);
        OneWriter.makeFolders(man);
        OneWriter.noInputs().replace(dir.resolve("loomy.bash"),
                (AutoComplete.bash("loomy", tree) + values()).getBytes(StandardCharsets.UTF_8));
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
