package dev.loomy.cli;

import java.io.PrintStream;

/** Bad usage found after parsing (unknown filter, missing input, ...): one line on stderr per problem, exit 2. */
final class UsageError extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message one problem, or several one a line */
    UsageError(String message) {
        super(message);
    }

    /** Prints each problem on a line of its own, each marked as loomy's. */
    void print(PrintStream err) {
        String.valueOf(getMessage()).lines().forEach(line -> err.println("loomy: " + line));
    }
}
