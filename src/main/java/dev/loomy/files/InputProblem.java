package dev.loomy.files;

/** A user-facing problem with the command's inputs or outputs, detected before any work starts. */
public final class InputProblem extends Exception {

    private static final long serialVersionUID = 1L;

    public InputProblem(String message) {
        super(message);
    }
}
