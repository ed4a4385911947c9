package dev.loomy.imageio;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.util.List;

import org.opencv.core.CvException;
import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.MatOfByte;
import org.opencv.core.MatOfInt;
import org.opencv.imgcodecs.Imgcodecs;

import dev.loomy.files.ImageExtensions;
import dev.loomy.files.IoReasons;
import dev.loomy.opencv.Mats;

/**
 * Encodes an image by its target's extension and writes it atomically: into a hidden
 * temporary file in the target's folder, then renamed over the target. A reader of the
 * output folder sees the old file or the new one, never a partial one. The input's
 * {@link Metadata} goes in when the output has the input's format.
 */
public class ImageWriter {

    /** OpenCV's default quality for JPEG and WebP, which loomy writes at unless told otherwise. */
    public static final int DEFAULT_QUALITY = 95;

    private final OneWriter temps;
    private final int quality;

    public ImageWriter(OneWriter temps) {
        this(temps, DEFAULT_QUALITY);
    }

    /** @param quality of JPEG and WebP images, 1 to 100 ({@code --quality}); other formats are lossless */
    public ImageWriter(OneWriter temps, int quality) {
        if (quality < 1 || quality > 100) {
            throw new IllegalArgumentException("quality " + quality + " is not from 1 to 100");
        }
        this.temps = temps;
        this.quality = quality;
    }

    public void write(Mat image, Path target) throws ImageException {
        write(image, target, Metadata.NONE);
    }

    /** Writes {@code image} with {@code metadata} where the target's format is the one it came from. */
    public void write(Mat image, Path target, Metadata metadata) throws ImageException {
        String extension = ImageExtensions.of(target);
        // Only a JPEG asks for the codec: the results say which one JPEGs went through, if any did.
        TurboJpeg turbo = extension.equals("jpg") || extension.equals("jpeg") ? JpegCodec.turbo() : null;
        if (turbo != null && TurboJpeg.encodes(image)) {
            writeFast(turbo, image, target, metadata);
            return;
        }
        MatOfByte encoded = encode(image, target, quality);
        try {
            store(NativeBytes.view(encoded, 0, encoded.total()), target, metadata, image.channels());
        } catch (IOException e) {
            throw new ImageException(target, "cannot be written: " + IoReasons.of(e));
        } finally {
            Mats.free(encoded);
        }
    }

    /**
     * Stores {@code encoded} with the metadata inserted: the pieces are joined in native memory
     * once, so that {@link #store(ByteBuffer, Path)} writes one buffer, as it does without.
     */
    private void store(ByteBuffer encoded, Path target, Metadata metadata, int channels) throws IOException {
        List<ByteBuffer> pieces = metadata.into(encoded, channels);
        if (pieces == null) {
            store(encoded, target);
            return;
        }
        long size = pieces.stream().mapToLong(ByteBuffer::remaining).sum();
        Mat joined = Mats.owned(Math.toIntExact(size), 1, CvType.CV_8UC1);
        try {
            ByteBuffer out = NativeBytes.view(joined, 0, size);
            pieces.forEach(out::put);
            store(out.flip(), target);
        } finally {
            Mats.free(joined);
        }
    }

    /**
     * Puts the encoded {@code bytes} at {@code target}, complete or not at all: where a subclass
     * writes them elsewhere.
     */
    protected void store(ByteBuffer bytes, Path target) throws IOException {
        temps.replace(target, out -> copy(bytes, out));
    }

    /** Encodes by libturbojpeg, as {@code imwrite} would, and writes straight from its buffer. */
    private void writeFast(TurboJpeg turbo, Mat image, Path target, Metadata metadata) throws ImageException {
        try (TurboJpeg.Encoded encoded = turbo.encode(image, quality)) {
            store(encoded.view(), target, metadata, image.channels());
        } catch (TurboJpeg.TurboJpegException e) {
            throw new ImageException(target, "cannot be encoded as JPEG: " + e.getMessage());
        } catch (IOException e) {
            throw new ImageException(target, "cannot be written: " + IoReasons.of(e));
        }
    }

    /** The encoded bytes, owned by the caller; JPEG and WebP at {@code quality}. */
    private static MatOfByte encode(Mat image, Path target, int quality) throws ImageException {
        String extension = ImageExtensions.of(target);
        MatOfByte encoded = new MatOfByte();
        // OpenCV's own flags for the two lossy formats; the other encoders take none of them.
        MatOfInt params = switch (extension) {
            case "jpg", "jpeg" -> new MatOfInt(Imgcodecs.IMWRITE_JPEG_QUALITY, quality);
            case "webp" -> new MatOfInt(Imgcodecs.IMWRITE_WEBP_QUALITY, quality);
            default -> new MatOfInt();
        };
        boolean done = false;
        try {
            if (!Imgcodecs.imencode("." + extension, image, encoded, params)) {
                throw new ImageException(target, "cannot be encoded as ." + extension);
            }
            done = true;
            return encoded;
        } catch (CvException e) {
            // OpenCV throws, rather than returning false, for an extension it has no encoder for.
            throw new ImageException(target, "cannot be encoded as ." + extension + ": " + ImageException.oneLine(e));
        } finally {
            Mats.free(params);
            if (!done) {
                Mats.free(encoded);
            }
        }
    }

    /**
     * Writes encoded bytes from native memory: a channel over {@code out} copies them a few
     * kilobytes at a time, so that they never lie whole on the Java heap (see {@link SourceFile#read}).
     */
    protected static void copy(ByteBuffer bytes, OutputStream out) throws IOException {
        WritableByteChannel channel = Channels.newChannel(out);
        while (bytes.hasRemaining()) {
            channel.write(bytes);
        }
    }
}
