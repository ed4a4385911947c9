package dev.loomy.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BiFunction;

import picocli.CommandLine;

/**
 * The entry point. A first argument that names a command ({@code filters}, {@code diff},
 * {@code samples}, {@code gallery}) runs that command; anything else is the main command, so that a folder
 * called {@code samples} can be given as an input anywhere but first (or as {@code ./samples}).
 */
public final class Main {

    /** The commands that may stand as the first argument, by name. */
    static final Map<String, BiFunction<PrintStream, PrintStream, Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("filters", FiltersCommand::new);
        COMMANDS.put("diff", DiffCommand::new);
        COMMANDS.put("samples", SamplesCommand::new);
        COMMANDS.put("gallery", GalleryCommand::new);
    }

    private Main() {
    }

    /**
     * Every command as one picocli tree, the main command's with those named first as its
     * subcommands: what the completion script and the man pages describe ({@link ToolFiles}).
     */
    static CommandLine tree(PrintStream out, PrintStream err) {
        CommandLine tree = new CommandLine(new LoomyCommand(out, err));
        COMMANDS.forEach((name, command) -> tree.addSubcommand(name, command.apply(out, err)));
        return tree;
    }

    public static void main(String[] args) {
        System.exit(run(args, System.out, System.err));
    }

    /** Runs loomy with {@code args} and returns its exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        CommandLine commandLine;
        String[] rest = args;
        if (args.length > 0 && COMMANDS.containsKey(args[0])) {
            commandLine = new CommandLine(COMMANDS.get(args[0]).apply(out, err));
            commandLine.getCommandSpec().name("loomy " + args[0]);
            rest = Arrays.copyOfRange(args, 1, args.length);
        } else {
            commandLine = new CommandLine(new LoomyCommand(out, err));
        }
        return configure(commandLine, out, err).execute(rest);
    }

    private static CommandLine configure(CommandLine commandLine, PrintStream out, PrintStream err) {
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        commandLine.setParameterExceptionHandler((e, args) -> {
            // picocli builds a map option's KEY=VALUE message from its option description, which begins
            // with "option" already: "Value for option option '--spark-conf' ...".
            String message = e.getMessage().replace("Value for option option '", "Value for option '");
            e.getCommandLine().getErr().println("loomy: " + message + " (see '"
                    + e.getCommandLine().getCommandName() + " --help')");
            return ExitCodes.USAGE;
        });
        commandLine.setExecutionExceptionHandler((e, cl, parsed) -> {
            if (e instanceof UsageError) {
                cl.getErr().println("loomy: " + e.getMessage());
                return ExitCodes.USAGE;
            }
            // A bug or an environment failure, not bad input: say so and keep the trace for a report.
            cl.getErr().println("loomy: internal error: " + e);
            e.printStackTrace(cl.getErr());
            return ExitCodes.CRASHED;
        });
        return commandLine;
    }
}
