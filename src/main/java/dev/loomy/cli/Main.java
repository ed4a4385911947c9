package dev.loomy.cli;

import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

import dev.loomy.console.Console;
import dev.loomy.console.DidYouMean;
import dev.loomy.console.Phases;
import dev.loomy.files.Names;
import dev.loomy.run.ExitCodes;
import dev.loomy.run.Interrupts;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The entry point. A first argument that names one of {@link #COMMANDS} runs that command; anything
 * else is the main command, so that a folder called {@code samples} can be given as an input anywhere
 * but first (or as {@code ./samples}). A first argument close to a command's name, where nothing of
 * that name exists, is answered with what it may mean ({@link #mistypedCommand}). Whatever a
 * command throws is made an exit status here, and only here ({@link #exitCode}).
 */
public final class Main {

    /** The commands that may stand as the first argument, by name. */
    static final Map<String, BiFunction<PrintStream, PrintStream, Object>> COMMANDS = new LinkedHashMap<>();

    static {
        COMMANDS.put("filters", FiltersCommand::new);
        COMMANDS.put("diff", DiffCommand::new);
        COMMANDS.put("samples", SamplesCommand::new);
        COMMANDS.put("gallery", GalleryCommand::new);
        COMMANDS.put("tune", TuneCommand::new);
        COMMANDS.put("report", ReportCommand::new);
    }

    /** Words typed for one of the main command's options as if it were a command: {@code loomy help}. */
    private static final Map<String, String> OPTION_WORDS = Map.of("help", "--help", "version", "--version");

    private Main() {
    }

    /**
     * Every command as one picocli tree, the main command's with those named first as its
     * subcommands: what the completion script and the man pages describe ({@link ToolFiles}).
     */
    static CommandLine tree(PrintStream out, PrintStream err) {
        CommandLine tree = new CommandLine(OptionSections.documented(
                new CommandLine(new LoomyCommand(out, err)).getCommandSpec()));
        COMMANDS.forEach((name, command) -> tree.addSubcommand(name, command.apply(out, err)));
        return tree;
    }

    public static void main(String[] args) {
        Phases.mark("phase clocks set up");
        EarlyStart.begin(args);
        // First: a signal before a run's own handlers (reading the options, walking the inputs) says so too.
        Interrupts.outsideRuns(new Console(System.err, false));
        int status = run(args, System.out, System.err);
        Phases.mark("end");
        System.exit(Interrupts.saidStatus(status));
    }

    /** Runs loomy with {@code args} and returns its exit status. */
    public static int run(String[] args, PrintStream out, PrintStream err) {
        String meant = args.length > 0 ? mistypedCommand(args[0], Path.of("")) : null;
        if (meant != null) {
            new Console(err, false).error(meant);
            err.flush();
            return ExitCodes.USAGE;
        }
        CommandLine commandLine;
        String[] rest = args;
        if (args.length > 0 && COMMANDS.containsKey(args[0])) {
            commandLine = new CommandLine(COMMANDS.get(args[0]).apply(out, err));
            commandLine.getCommandSpec().name("loomy " + args[0]);
            rest = Arrays.copyOfRange(args, 1, args.length);
        } else {
            commandLine = LoomyCommand.commandLine(out, err);
        }
        Console console = new Console(err, false);
        Phases.mark("command model built");
        try {
            return written(configure(commandLine, out, console).execute(rest), out, console);
        } finally {
            err.flush();
        }
    }

    /**
     * What a first argument that is no command, but close to one or an option's word, may have meant,
     * when nothing of that name exists in {@code workingFolder} to be an input ({@code loomy galery}).
     */
    static String mistypedCommand(String first, Path workingFolder) {
        if (COMMANDS.containsKey(first) || first.startsWith("-") || first.contains("/") || first.contains(":")) {
            return null;
        }
        List<String> close = OPTION_WORDS.containsKey(first) ? List.of(OPTION_WORDS.get(first))
                : DidYouMean.closest(first, COMMANDS.keySet());
        Path path;
        try {
            path = workingFolder.resolve(first);
        } catch (InvalidPathException e) {
            return null;
        }
        if (close.isEmpty() || Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        return "unknown command '" + Names.shown(Path.of(first)) + "' (" + DidYouMean.question(close)
                + "), and no file or folder of that name to take as an input";
    }

    /**
     * {@code status}, made at least 2 when standard output could not be written (a full disk, a
     * closed pipe): a PrintStream swallows the error, so results lost would otherwise pass for printed.
     */
    static int written(int status, PrintStream out, Console console) {
        if (!out.checkError()) {
            return status;
        }
        console.error("standard output could not be written (a full disk, or a pipe closed early): what loomy "
                + "printed there is incomplete");
        return Math.max(status, ExitCodes.USAGE);
    }

    /**
     * The exit status for what a command threw: bad usage (picocli's, or found after parsing) is 2,
     * an interrupt 130, anything else a crash.
     */
    static int exitCode(Throwable e) {
        return switch (e) {
            case CommandLine.ParameterException parameter -> ExitCodes.USAGE;
            case UsageError usage -> ExitCodes.USAGE;
            case InterruptedException interrupted -> ExitCodes.INTERRUPTED;
            default -> ExitCodes.CRASHED;
        };
    }

    private static CommandLine configure(CommandLine commandLine, PrintStream out, Console console) {
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(console.stream(), true));
        commandLine.setExitCodeExceptionMapper(Main::exitCode);
        commandLine.setExecutionStrategy(Main::execute);
        commandLine.setParameterExceptionHandler((e, args) -> {
            // picocli builds a map option's KEY=VALUE message from its option description, which begins
            // with "option" already: "Value for option option '--spark-conf' ...".
            String message = e.getMessage().replace("Value for option option '", "Value for option '");
            console.error(message + " (" + hint(e) + ")");
            return exitCode(e);
        });
        commandLine.setExecutionExceptionHandler((e, cl, parsed) -> {
            if (e instanceof UsageError) {
                console.error(e.getMessage());
            } else if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            } else {
                // A bug or an environment failure, not bad input: say so and keep the trace for a report.
                console.error("internal error: " + e);
                e.printStackTrace(console.stream());
            }
            return exitCode(e);
        });
        return commandLine;
    }

    /** What a mistyped option may have meant, among picocli's candidates; else where the options are listed. */
    private static String hint(CommandLine.ParameterException e) {
        if (e instanceof CommandLine.UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String typed = unmatched.getUnmatched().get(0).split("=", 2)[0];
            List<String> close = DidYouMean.closest(typed, unmatched.getSuggestions());
            if (!close.isEmpty()) {
                return DidYouMean.question(close);
            }
        }
        return "see '" + e.getCommandLine().getCommandName() + " --help'";
    }

    /** Help and version as asked; else, once no value given is empty, the command. */
    private static int execute(ParseResult parsed) {
        Phases.mark("parsed");
        Integer help = CommandLine.executeHelpRequest(parsed);
        if (help != null) {
            return help;
        }
        try {
            EmptyValues.check(parsed);
        } catch (UsageError e) {
            throw new CommandLine.ExecutionException(parsed.commandSpec().commandLine(), e.getMessage(), e);
        }
        return new CommandLine.RunLast().execute(parsed);
    }
}
