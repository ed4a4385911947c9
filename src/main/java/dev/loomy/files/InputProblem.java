package dev.loomy.files;

import java.util.ArrayList;
import java.util.List;

/**
 * A user-facing problem with the command's inputs or outputs, detected before any work starts.
 * Its message is one line per problem.
 */
public final class InputProblem extends Exception {

    private static final long serialVersionUID = 1L;

    /** Problems of one kind listed one a line; beyond these a single line counts the rest, so that a folder of thousands does not flood the terminal. */
    public static final int LISTED = 20;

    public InputProblem(String message) {
        super(message);
    }

    /**
     * Every problem in {@code problems}, one a line, the first {@link #LISTED} of them named and the
     * rest counted in a last line, "and N more {@code more}".
     */
    public InputProblem(List<String> problems, String more) {
        super(listed(problems, more));
    }

    private static String listed(List<String> problems, String more) {
        if (problems.size() <= LISTED) {
            return String.join("\n", problems);
        }
        List<String> lines = new ArrayList<>(problems.subList(0, LISTED));
        lines.add("and " + (problems.size() - LISTED) + " more " + more);
        return String.join("\n", lines);
    }
}
