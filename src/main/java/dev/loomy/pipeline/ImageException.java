package dev.loomy.pipeline;

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
}
