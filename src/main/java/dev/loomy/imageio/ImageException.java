package dev.loomy.imageio;

import java.nio.file.Path;

import dev.loomy.files.Names;

/** One image could not be processed; the run goes on with the others. */
public final class ImageException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final String reason;

    public ImageException(Path file, String reason) {
        super(Names.shown(file) + ": " + reason);
        this.file = file;
        this.reason = reason;
    }

    public Path file() {
        return file;
    }

    /** Why, in one line, without the file name. */
    public String reason() {
        return reason;
    }

    /** OpenCV's exception messages span several lines; errors are printed one per line. */
    public static String oneLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.replaceAll("\\s*\\R\\s*", " ").strip();
    }
}
