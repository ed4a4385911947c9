package dev.loomy.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/** What a folder holds, for tests that check that loomy left nothing behind. */
public final class Folders {

    private Folders() {
    }

    /** The regular files anywhere under {@code folder}. */
    public static long filesUnder(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            return files.filter(Files::isRegularFile).count();
        }
    }
}
