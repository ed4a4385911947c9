package dev.loomy.cli;

import java.io.PrintStream;
import java.util.concurrent.Callable;

/**
 * A command that prints to the streams it is given (so that it runs in-process, in tests,
 * as well as from {@code main}) and turns a {@link UsageError} into one line and exit 2.
 */
abstract class StreamCommand implements Callable<Integer> {

    /** Where results go. */
    protected final PrintStream out;
    /** Where progress, warnings and errors go. */
    protected final PrintStream err;

    StreamCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public final Integer call() {
        try {
            return execute();
        } catch (UsageError e) {
            e.print(err);
            return ExitCodes.USAGE;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ExitCodes.INTERRUPTED;
        } finally {
            out.flush();
            err.flush();
        }
    }

    /** Runs the command once its options are parsed; returns the exit status. */
    protected abstract int execute() throws UsageError, InterruptedException;
}
