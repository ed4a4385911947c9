package dev.loomy.tune;

import java.nio.ByteBuffer;
import java.nio.file.Path;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Size;
import org.opencv.imgproc.Imgproc;

import com.sun.jna.Pointer;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.Metadata;
import dev.loomy.opencv.MatScope;

/**
 * The main command's writer, encoding as it does, keeping the encoded bytes for the reply instead
 * of storing them in a file. Unscaled, the bytes are those the main command writes; with a width
 * (the strip's thumbnails) the image is first scaled down to it.
 *
 * <p>The bytes stay in native memory, which {@link #close} frees as soon as the reply is sent. On
 * the Java heap, every preview's bytes (megabytes for a photo) were garbage that outlived the
 * young generation while the reply was written, and the serial collector collects the old
 * generation only when it is full: the heap grew toward its maximum, a quarter of the machine's
 * memory, however little was live.
 */
final class PreviewWriter extends ImageWriter implements AutoCloseable {

    /** What the encoder is told the target is: its extension picks PNG, as {@code --image-format=png} does. */
    static final Path TARGET = Path.of("preview.png");

    private final int width;
    private final MatScope scope = new MatScope();
    private ByteBuffer bytes;

    /** @param width the width to scale down to, or 0 for the image as the filter made it */
    PreviewWriter(int width) {
        // Nothing goes to a file: the temporary files' writer is never asked for.
        super(null);
        this.width = width;
    }

    /** The encoded image, in native memory until {@link #close}; null before it was written. */
    ByteBuffer bytes() {
        return bytes == null ? null : bytes.asReadOnlyBuffer();
    }

    @Override
    public void write(Mat image, Path target, Metadata metadata) throws ImageException {
        if (width == 0 || width >= image.cols()) {
            super.write(image, target, metadata);
            return;
        }
        try (MatScope resized = new MatScope()) {
            int height = Math.max(1, (int) Math.round((double) image.rows() * width / image.cols()));
            Mat scaled = resized.mat();
            Imgproc.resize(image, scaled, new Size(width, height), 0, 0, Imgproc.INTER_AREA);
            super.write(scaled, target, metadata);
        }
    }

    @Override
    protected void store(ByteBuffer encoded, Path target) {
        // The encoder's buffer is freed when this returns: the bytes are copied once, native to native.
        int length = encoded.remaining();
        Mat kept = scope.mat(1, Math.max(1, length), CvType.CV_8UC1);
        bytes = new Pointer(kept.dataAddr()).getByteBuffer(0, length);
        bytes.put(encoded).flip();
    }

    /** Frees the encoded bytes; the buffer {@link #bytes} gave is not to be read after. */
    @Override
    public void close() {
        bytes = null;
        scope.close();
    }
}
