package dev.loomy.imageio;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import org.opencv.core.CvException;
import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;
import dev.loomy.opencv.Mats;

/**
 * Reads and decodes an image into an 8-bit, 3-channel BGR Mat, as {@code imread} does by
 * default (alpha dropped, gray expanded, 16-bit scaled down), with a reason when it cannot.
 *
 * <p>The bytes are read in Java rather than by {@code imread} so that a failure has a
 * precise reason, so that a file cut short is found before a decoder silently fills it in
 * (see {@link FormatCheck}); they go straight into native memory (see {@link SourceFile#read}). The
 * optional {@code ioLatency} wait ({@link #awaitStorage})
 * models slow storage as a Java blocking call, which virtual threads wait out without
 * holding a carrier thread.
 *
 * <p>A damaged image that the decoder gets past (a JPEG cut short) is decoded as far as its
 * data goes and passed on with a warning, unless the reader is strict: then it fails.
 *
 * <p>{@link #decode} also returns the metadata that the image's output is to keep ({@link KeepMetadata}).
 */
public class ImageReader {

    /** How often a long storage wait looks whether the run is stopping. */
    private static final Duration CANCEL_CHECK = Duration.ofMillis(50);

    private final Duration ioLatency;
    private final IoLock ioLock;
    private final boolean strict;
    private final KeepMetadata keep;

    /**
     * @param strict whether a damaged but decodable image fails ({@code --strict})
     * @param keep   the metadata {@link #decode} returns
     */
    public ImageReader(Duration ioLatency, boolean strict, KeepMetadata keep) {
        this(ioLatency, IoLock.NONE, strict, keep);
    }

    /** @param ioLock what the storage wait holds ({@code --io-lock}) */
    public ImageReader(Duration ioLatency, IoLock ioLock, boolean strict, KeepMetadata keep) {
        this.ioLatency = ioLatency;
        this.ioLock = ioLock;
        this.strict = strict;
        this.keep = keep;
    }

    /** A reader that keeps no metadata. */
    public ImageReader(Duration ioLatency, boolean strict) {
        this(ioLatency, strict, KeepMetadata.NONE);
    }

    /** A strict reader without latency: damage is a failure. */
    public ImageReader() {
        this(Duration.ZERO, true);
    }

    /**
     * The storage's latency, waited out before an image is admitted and read: a slow share
     * keeps a job waiting, but holds none of its memory yet. The wait ends early when
     * {@code skipNew} says to skip new images, so that a stop is not held up by it. With an
     * {@link IoLock}, the wait holds the image's own lock, {@code image}'s monitor or a
     * ReentrantLock of its own.
     *
     * @param image the image waited for, whose monitor {@link IoLock#MONITOR} holds: an object that
     *              escapes, so that the JIT cannot leave the lock out
     * @return false when the wait was cut short by {@code skipNew}
     */
    public boolean awaitStorage(Object image, BooleanSupplier skipNew) throws InterruptedException {
        switch (ioLock) {
            case MONITOR -> {
                synchronized (image) {
                    return awaitStorage(skipNew);
                }
            }
            case REENTRANT -> {
                ReentrantLock lock = new ReentrantLock();
                lock.lockInterruptibly();
                try {
                    return awaitStorage(skipNew);
                } finally {
                    lock.unlock();
                }
            }
            default -> {
                return awaitStorage(skipNew);
            }
        }
    }

    private boolean awaitStorage(BooleanSupplier skipNew) throws InterruptedException {
        long end = System.nanoTime() + ioLatency.toNanos();
        for (long left = ioLatency.toNanos(); left > 0; left = end - System.nanoTime()) {
            if (skipNew.getAsBoolean()) {
                return false;
            }
            // Short slices: a stop is seen within one of them, and a short latency costs one sleep.
            Thread.sleep(Duration.ofNanos(Math.min(left, CANCEL_CHECK.toNanos())));
        }
        return true;
    }

    /** The decoded image, owned by the caller, who releases it; a damaged one fails or passes unsaid. */
    public Mat read(Path file) throws ImageException {
        return read(file, damage -> { });
    }

    /**
     * The decoded image, owned by the caller, who releases it. A damaged image that decodes
     * all the same fails when this reader is strict, else is returned after {@code warnings}
     * has been told, in one line, what is wrong with it.
     */
    public Mat read(Path file, Consumer<String> warnings) throws ImageException {
        return decode(file, warnings, KeepMetadata.NONE).image();
    }

    /**
     * An image decoded, and the metadata its output keeps.
     *
     * @param image owned by the caller, who releases it
     */
    public record Decoded(Mat image, Metadata metadata) {
    }

    /**
     * As {@link #read(Path, Consumer)}, with the metadata this reader keeps; metadata beyond
     * {@link Metadata#MAX_BYTES} is left out, with a warning.
     */
    public Decoded decode(Path file, Consumer<String> warnings) throws ImageException {
        return decode(file, warnings, keep);
    }

    private Decoded decode(Path file, Consumer<String> warnings, KeepMetadata keep) throws ImageException {
        Mat encoded = load(file);
        Mat image = null;
        Metadata.Collector metadata = keep == KeepMetadata.NONE ? null : new Metadata.Collector(keep);
        try {
            FormatCheck.Verdict verdict = FormatCheck.check(file, EncodedBytes.of(encoded),
                    metadata == null ? FormatCheck.Parts.IGNORED : metadata);
            if (verdict.damage() != null && strict) {
                throw new ImageException(file, verdict.damage());
            }
            // A JPEG cut short is left to OpenCV, which fills in the missing rows its own way.
            TurboJpeg.Decoded fast = verdict.format() == ImageFormat.JPEG && verdict.damage() == null
                    ? decodeFast(file, encoded) : null;
            String chunks = verdict.format() == ImageFormat.PNG ? PngChunks.quieten(encoded).warning() : null;
            image = fast != null ? fast.image() : Imgcodecs.imdecode(encoded, Imgcodecs.IMREAD_COLOR);
            if (image.empty()) {
                throw new ImageException(file, "cannot be decoded: " + (verdict.damage() != null ? verdict.damage()
                        : "corrupt " + verdict.format().label() + " data"));
            }
            if (chunks != null) {
                warnings.accept(chunks);
            }
            if (verdict.damage() != null) {
                warnings.accept(verdict.damage() + "; decoded as far as the data goes");
            } else if (fast != null && fast.warning() != null) {
                // Corrupt data inside a scan, which the walk of the markers cannot see.
                if (strict) {
                    throw new ImageException(file, "damaged: " + fast.warning());
                }
                warnings.accept(fast.warning() + "; decoded all the same");
            }
            Decoded decoded = new Decoded(image, metadata == null ? Metadata.NONE : metadata.metadata(warnings));
            image = null;
            return decoded;
        } catch (CvException e) {
            throw new ImageException(file, "cannot be decoded: " + ImageException.oneLine(e));
        } finally {
            Mats.free(encoded, image);
        }
    }

    /** {@code file}'s bytes, in native memory that the caller releases: where a subclass reads them from elsewhere. */
    protected Mat load(Path file) throws ImageException {
        return SourceFile.read(file);
    }

    /**
     * The JPEG in {@code encoded} decoded by libturbojpeg, or null when OpenCV is to decode it:
     * libturbojpeg is not loaded, the image has an EXIF orientation (which {@code imdecode}
     * applies), is CMYK, or libturbojpeg refuses it (OpenCV then decides, as before). A frame
     * beyond {@link dev.loomy.opencv.DecodeLimits} is refused for both.
     */
    private static TurboJpeg.Decoded decodeFast(Path file, Mat encoded) throws ImageException {
        TurboJpeg turbo = JpegCodec.turbo();
        if (turbo == null || !Exif.upright(EncodedBytes.of(encoded))) {
            return null;
        }
        try {
            return turbo.decode(encoded);
        } catch (TurboJpeg.TooLargeException e) {
            throw new ImageException(file, e.getMessage());
        } catch (TurboJpeg.TurboJpegException e) {
            return null;
        }
    }
}
