package dev.loomy.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

import dev.loomy.pipeline.TempFiles;

/** Writes a file whole or not at all: into a hidden temporary file beside it, then renamed over it. */
final class AtomicFile {

    /** What goes into the file. */
    interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFile() {
    }

    static void write(Path target, Content content) throws IOException {
        // Not Files.createTempFile: its owner-only permissions would stay on the renamed file.
        Path temp = TempFiles.nameBeside(target.toAbsolutePath());
        try {
            try (OutputStream out = Files.newOutputStream(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                content.writeTo(out);
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(temp);
        }
    }
}
