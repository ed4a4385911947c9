package dev.loomy.imageio;

import java.io.IOException;
import java.nio.file.Path;

import dev.loomy.files.Names;

/**
 * A file that would be written into an input folder: its folder was changed into, or moved
 * into, one after the run's checks (another process replaced it by a link during the run).
 */
public final class IntoInputException extends IOException {

    public IntoInputException(Path folder, Path input) {
        super("not written: its folder " + Names.shown(folder) + " is now the input folder " + Names.shown(input)
                + " or lies in it (changed during the run); inputs are never written");
    }
}
