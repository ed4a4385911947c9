package dev.loomy.manifest;

import java.io.IOException;

/** The manifest cannot be used: its one line says why, naming the file. */
public final class ManifestException extends IOException {

    public ManifestException(String message) {
        super(message);
    }
}
