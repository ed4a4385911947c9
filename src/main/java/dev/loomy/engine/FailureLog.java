package dev.loomy.engine;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.loomy.console.Console;
import dev.loomy.files.Names;
import dev.loomy.imageio.ImageException;

/**
 * Prints each image failure, and each warning about an image that is damaged but decodable,
 * to standard error, one line per file and reason, once: every run and strategy reads the
 * same files, and one line per problem is enough.
 */
public class FailureLog {

    private final Console console;
    private final Set<String> seen = ConcurrentHashMap.newKeySet();

    /** @param console where the lines go; null for a subclass that passes them on elsewhere */
    public FailureLog(Console console) {
        this.console = console;
    }

    public void report(ImageException failure) {
        report(Names.shown(failure.file()), failure.reason());
    }

    public void report(String file, String reason) {
        if (seen.add(file + "\0" + reason)) {
            emit(file, reason);
        }
    }

    /** Passes on a problem seen for the first time: by default, one line on standard error. */
    protected void emit(String file, String reason) {
        console.error(file + ": " + reason);
    }

    /** An image was processed, but its file is damaged: {@code damage} says how. */
    public void warn(String file, String damage) {
        if (seen.add(file + "\0warning\0" + damage)) {
            emitWarning(file, damage);
        }
    }

    /** Passes on a warning seen for the first time: by default, one line on standard error. */
    protected void emitWarning(String file, String damage) {
        console.warning(file, damage);
    }

    /** How many distinct problems and warnings were reported. */
    public int count() {
        return seen.size();
    }
}
