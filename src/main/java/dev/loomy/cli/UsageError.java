package dev.loomy.cli;

/** Bad usage found after parsing (unknown filter, missing input, ...): one line on stderr, exit 2. */
final class UsageError extends Exception {

    private static final long serialVersionUID = 1L;

    UsageError(String message) {
        super(message);
    }
}
