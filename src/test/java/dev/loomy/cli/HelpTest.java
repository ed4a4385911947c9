package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import dev.loomy.run.ExitCodes;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** {@code loomy --help} as a person reads it, and the answers to a mistyped strategy or option. */
class HelpTest {

    private static final List<String> SECTIONS = List.of("What to run:", "Filters and parameters:", "Measuring:",
            "Output and reports:", "Engine and Spark:", "Commands (as the first argument; each has its --help):",
            "Exit status:", "Examples:");

    private static final PrintStream NOWHERE = new PrintStream(OutputStream.nullOutputStream());

    @Test
    void helpIsAShortSynopsisThenTheOptionsInSectionsThenCommandsExitStatusAndExamples() {
        Cli help = Cli.run("--help");

        assertThat(help.status()).isZero();
        List<String> lines = help.out().lines().toList();
        assertThat(lines.get(0)).isEqualTo("Usage: loomy [OPTIONS] INPUT...");
        List<Integer> at = SECTIONS.stream().map(lines::indexOf).toList();
        assertThat(at).as(help.out()).doesNotContain(-1).isSorted();
        assertThat(lines).allSatisfy(line -> assertThat(line.length()).as(line).isLessThanOrEqualTo(80));
        // An option of each section lies between its heading and the next one.
        assertIn(lines, at, 0, "-s, --strategy=S[,S...]");
        assertIn(lines, at, 1, "-f, --filter=F[,F...]");
        assertIn(lines, at, 1, "--config=FILE");
        assertIn(lines, at, 2, "--repeat=N|auto");
        assertIn(lines, at, 2, "--baseline=NAME|FILE.json");
        assertIn(lines, at, 3, "--format=F");
        assertIn(lines, at, 4, "--master=URL");
        assertIn(lines, at, 5, "filters   list every filter known");
        assertIn(lines, at, 6, "2   bad usage");
        assertIn(lines, at, 7, "Filter a folder");
        assertIn(lines, at, 7, "Compare strategies");
        assertIn(lines, at, 7, "Experiment with filters");
    }

    private static void assertIn(List<String> lines, List<Integer> at, int section, String text) {
        int end = section + 1 < at.size() ? at.get(section + 1) : lines.size();
        assertThat(lines.subList(at.get(section), end)).as(SECTIONS.get(section))
                .anySatisfy(line -> assertThat(line.trim()).startsWith(text));
    }

    @Test
    void everyOptionOfTheMainCommandIsInOneOfTheFiveSections() {
        CommandSpec main = new CommandLine(new LoomyCommand(NOWHERE, NOWHERE)).getCommandSpec();

        Map<String, List<OptionSpec>> sections = OptionSections.of(main);
        assertThat(sections.keySet()).containsExactly("What to run:", "Filters and parameters:", "Measuring:",
                "Output and reports:", "Engine and Spark:");
        Set<OptionSpec> sectioned = new HashSet<>();
        sections.values().forEach(options -> assertThat(options).as("a section").isNotEmpty()
                .allSatisfy(option -> assertThat(sectioned.add(option)).as(option.longestName() + " once").isTrue()));
        List<String> outside = main.options().stream()
                .filter(o -> !sectioned.contains(o) && !o.usageHelp() && !o.versionHelp()).map(OptionSpec::longestName)
                .toList();
        assertThat(outside).as("options in no section of --help").isEmpty();
    }

    @Test
    void theManPagesModelHasTheSameSectionsAsArgumentGroups() {
        CommandSpec main = new CommandLine(new LoomyCommand(NOWHERE, NOWHERE)).getCommandSpec();

        CommandSpec docs = OptionSections.documented(main);

        assertThat(docs.argGroups().stream().map(ArgGroupSpec::heading).toList()).containsExactlyElementsOf(
                OptionSections.HEADINGS.values().stream().map(heading -> "%n" + heading + "%n").toList());
        assertThat(docs.argGroups().stream().map(group -> names(group.allOptionsNested())).toList())
                .containsExactlyElementsOf(OptionSections.of(main).values().stream().map(HelpTest::names).toList());
        assertThat(names(docs.options())).containsExactlyInAnyOrderElementsOf(names(main.options()));
        assertThat(docs.positionalParameters()).hasSameSizeAs(main.positionalParameters());
    }

    private static List<String> names(List<OptionSpec> options) {
        return options.stream().map(OptionSpec::longestName).toList();
    }

    @Test
    void theHelpListsEveryCommandThatMayStandFirst() {
        List<String> lines = Cli.run("--help").out().lines().map(String::trim).toList();

        assertThat(Main.COMMANDS.keySet()).isNotEmpty().allSatisfy(name -> assertThat(lines).as(name)
                .anySatisfy(line -> assertThat(line).startsWith(name + "   ")));
    }

    @Test
    void everyExampleParses() {
        List<String> examples = Arrays.stream(new CommandLine(new LoomyCommand(NOWHERE, NOWHERE)).getCommandSpec()
                .usageMessage().footer()).map(String::trim).filter(line -> line.startsWith("loomy ")).toList();

        assertThat(examples).hasSizeGreaterThanOrEqualTo(3);
        for (String example : examples) {
            String[] args = example.substring("loomy ".length()).split(" ");
            // As Main runs them: a first argument that names a command is that command.
            boolean named = Main.COMMANDS.containsKey(args[0]);
            CommandLine command = new CommandLine(named ? Main.COMMANDS.get(args[0]).apply(NOWHERE, NOWHERE)
                    : new LoomyCommand(NOWHERE, NOWHERE));
            assertThat(command.parseArgs(named ? Arrays.copyOfRange(args, 1, args.length) : args).errors()).as(example)
                    .isEmpty();
        }
    }

    @Test
    void aMistypedStrategyIsAnsweredWithTheClosestNamesElseEveryName() {
        assertUsage(Cli.run("-s", "virtaul", "photos"), "loomy: unknown strategy 'virtaul' (did you mean virtual?)");
        assertUsage(Cli.run("-s", "loop,THREAD", "photos"), "loomy: unknown strategy 'THREAD' (did you mean threads?)");
        assertUsage(Cli.run("--strategy=fibers", "photos"), "loomy: unknown strategy 'fibers' "
                + "(known: loop, threads, pool, forkjoin, virtual, virtual-priority, structured, all)");
    }

    @Test
    void aMistypedOptionIsAnsweredWithTheClosestOptionElseThePointerToHelp() {
        assertUsage(Cli.run("--strategey=loop", "photos"), "loomy: Unknown option: '--strategey=loop' "
                + "(did you mean --strategy?)");
        assertUsage(Cli.run("--paralelism", "2", "photos"), "loomy: Unknown option: '--paralelism' "
                + "(did you mean --parallelism?)");
        assertUsage(Cli.run("--zzz", "photos"), "loomy: Unknown option: '--zzz' (see 'loomy --help')");
        assertUsage(Cli.run("filters", "--confg=x.yaml"), "loomy: Unknown option: '--confg=x.yaml' "
                + "(did you mean --config?)");
    }

    private static void assertUsage(Cli cli, String line) {
        assertThat(cli.status()).as(cli.err()).isEqualTo(ExitCodes.USAGE);
        assertThat(cli.err()).isEqualTo(line + "\n");
        assertThat(cli.out()).isEmpty();
    }
}
