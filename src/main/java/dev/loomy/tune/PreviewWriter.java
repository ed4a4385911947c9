package dev.loomy.tune;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.Metadata;
import dev.loomy.opencv.MatScope;

/**
 * The main command's writer, encoding as it does, keeping the encoded bytes for the reply instead
 * of storing them in a file. Unscaled, the bytes are those the main command writes; with a width
 * (the strip's thumbnails) the image is first scaled down to it.
 */
final class PreviewWriter extends ImageWriter {

    /** What the encoder is told the target is: its extension picks PNG, as {@code --image-format=png} does. */
    static final Path TARGET = Path.of("preview.png");

    private final int width;
    private byte[] bytes;

    /** @param width the width to scale down to, or 0 for the image as the filter made it */
    PreviewWriter(int width) {
        // Nothing goes to a file: the temporary files' writer is never asked for.
        super(null);
        this.width = width;
    }

    /** The encoded image, or null before it was written. */
    byte[] bytes() {
        return bytes;
    }

    @Override
    public void write(Mat image, Path target, Metadata metadata) throws ImageException {
        if (width == 0 || width >= image.cols()) {
            super.write(image, target, metadata);
            return;
        }
        try (MatScope scope = new MatScope()) {
            int height = Math.max(1, (int) Math.round((double) image.rows() * width / image.cols()));
            Mat scaled = scope.mat();
            Imgproc.resize(image, scaled, new Size(width, height), 0, 0, Imgproc.INTER_AREA);
            super.write(scaled, target, metadata);
        }
    }

    @Override
    protected void store(ByteBuffer encoded, Path target) {
        // The reply is sent from the heap: a preview is one image, which admission has weighed.
        bytes = new byte[encoded.remaining()];
        encoded.get(bytes);
    }
}
