package dev.loomy.console;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.stream.Collectors;

import dev.loomy.files.Names;

/**
 * What loomy says on standard error, each line marked as loomy's. {@code --quiet} keeps what
 * must be said, errors and warnings, and drops the rest: caveats, notes and news.
 */
public final class Console {

    /** How every line starts, so that loomy's lines stand out among a JVM's or a library's. */
    public static final String PREFIX = "loomy: ";

    private final PrintStream err;
    private final boolean quiet;

    /** @param quiet whether only errors and warnings are said ({@code --quiet}) */
    public Console(PrintStream err, boolean quiet) {
        this.err = err;
        this.quiet = quiet;
    }

    public boolean quiet() {
        return quiet;
    }

    /** The stream itself, for what draws on it (a progress bar) or must go there whole (a stack trace). */
    public PrintStream stream() {
        return err;
    }

    /** Something failed or was refused; said whatever {@code --quiet}, each line of {@code problem} a line. */
    public void error(String problem) {
        String.valueOf(problem).lines().forEach(line -> err.println(PREFIX + shown(line)));
    }

    /**
     * What was asked for does not happen as asked (an option that does nothing, a check that cannot
     * judge): said whatever {@code --quiet}.
     */
    public void warning(String warning) {
        err.println(PREFIX + "warning: " + shown(warning));
    }

    /** A warning about one thing, a file say ({@code loomy: FILE: warning: ...}): said whatever {@code --quiet}. */
    public void warning(String subject, String warning) {
        err.println(PREFIX + shown(subject) + ": warning: " + shown(warning));
    }

    /**
     * What the figures should be read with (another machine, outlying runs): marked as a warning,
     * dropped by {@code --quiet}.
     */
    public void caveat(String caveat) {
        if (!quiet) {
            err.println(PREFIX + "warning: " + shown(caveat));
        }
    }

    /** Worth knowing, nothing wrong (an input given twice, a file of several frames): dropped by {@code --quiet}. */
    public void note(String note) {
        if (!quiet) {
            err.println(PREFIX + "note: " + shown(note));
        }
    }

    /** What loomy did or is doing (the images in flight, a baseline saved): dropped by {@code --quiet}. */
    public void info(String news) {
        if (!quiet) {
            err.println(PREFIX + shown(news));
        }
    }

    /**
     * {@code text} with its control and bidirectional-override characters (a name from a filters file
     * or the command line, say) escaped as a file name's are ({@link Names#shown(String)}), line breaks
     * kept: so that no message can move the cursor, retitle the terminal or reorder what follows.
     */
    static String shown(String text) {
        return Arrays.stream(String.valueOf(text).split("\n", -1)).map(Names::shown).collect(Collectors.joining("\n"));
    }
}
