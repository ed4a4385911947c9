package dev.loomy.baseline;

/** A baseline that cannot be saved or read: the message names the file or name and why. */
public final class BaselineException extends Exception {

    private static final long serialVersionUID = 1L;

    public BaselineException(String message) {
        super(message);
    }
}
