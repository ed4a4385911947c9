package dev.loomy.tune;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

import org.opencv.core.Mat;

import dev.loomy.files.IoReasons;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.SourceFile;
import dev.loomy.opencv.Mats;

/**
 * The main command's reader, reading only the files tune found at start: each checked against its
 * identity before it is opened and after it is read, and opened without following a link, so that
 * a file swapped in between is not read through.
 */
final class IdentifiedReader extends ImageReader {

    private final TuneImages images;

    IdentifiedReader(TuneImages images) {
        // As the main command reads by default: a damaged image that decodes is shown, with its warning.
        super(Duration.ZERO, false);
        this.images = images;
    }

    @Override
    protected Mat load(Path file) throws ImageException {
        long size = images.same(file).size();
        Mat bytes;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, LinkOption.NOFOLLOW_LINKS)) {
            bytes = SourceFile.read(file, channel, size);
        } catch (IOException e) {
            throw new ImageException(file, "cannot be read: " + IoReasons.of(e));
        }
        try {
            images.same(file);
            return bytes;
        } catch (ImageException e) {
            Mats.free(bytes);
            throw e;
        }
    }
}
