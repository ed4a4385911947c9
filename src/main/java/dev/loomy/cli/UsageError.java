package dev.loomy.cli;

/** Bad usage found after parsing (unknown filter, missing input, ...): one line on stderr per problem, exit 2. */
final class UsageError extends Exception {

    private static final long serialVersionUID = 1L;

    /** @param message one problem, or several one a line */
    UsageError(String message) {
        super(message);
    }

    /** A step whose IllegalArgumentException is the user's mistake. */
    interface Step<T> {
        T get();
    }

    /** The value of {@code step}, its IllegalArgumentException made bad usage. */
    static <T> T of(Step<T> step) throws UsageError {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new UsageError(e.getMessage());
        }
    }
}
