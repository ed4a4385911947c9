package dev.loomy.filter.config;

/** A filters file that cannot be used: the message names the file, the line when known, and what was expected. */
public final class FiltersFileException extends Exception {

    private static final long serialVersionUID = 1L;

    private final String file;
    private final int line;

    /** A problem at {@code line} (1-based) of {@code file}. */
    public FiltersFileException(String file, int line, String problem) {
        super(file + ":" + line + ": " + problem);
        this.file = file;
        this.line = line;
    }

    /** A problem with the file as a whole (missing, unreadable). */
    public FiltersFileException(String file, String problem) {
        super(file + ": " + problem);
        this.file = file;
        this.line = 0;
    }

    public String file() {
        return file;
    }

    /** The 1-based line, or 0 when the problem concerns the whole file. */
    public int line() {
        return line;
    }
}
