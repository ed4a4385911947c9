package dev.loomy.pipeline;

import java.util.concurrent.CancellationException;
import java.util.function.Consumer;

import org.opencv.core.Mat;

import dev.loomy.admission.Admission;
import dev.loomy.filter.Filter;
import dev.loomy.filter.Filters;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.files.ImageFile;
import dev.loomy.files.IoReasons;
import dev.loomy.manifest.Incremental;
import dev.loomy.opencv.Mats;
import java.io.IOException;

/**
 * What happens to one image: admitted, read, filtered, written, and every Mat released on the
 * way, whatever fails. Thread-safe: strategies call it from many threads at once.
 */
public final class ImagePipeline {

    private final ImageReader reader;
    private final Filter filter;
    private final ImageWriter writer;
    private final Admission admission;
    private final Incremental incremental;

    /**
     * @param writer    null when nothing is written ({@code --no-write})
     * @param admission the gate before each read ({@code --max-in-flight})
     */
    public ImagePipeline(ImageReader reader, Filter filter, ImageWriter writer, Admission admission) {
        this(reader, filter, writer, admission, null);
    }

    /** @param incremental the manifest's view of this filter's outputs, or null when they are not recorded */
    public ImagePipeline(ImageReader reader, Filter filter, ImageWriter writer, Admission admission,
                         Incremental incremental) {
        this.reader = reader;
        this.filter = filter;
        this.writer = writer;
        this.admission = admission;
        this.incremental = incremental;
    }

    /** Whether {@code image}'s output is up to date ({@code --incremental}): then it is not processed. */
    public boolean upToDate(ImagePaths image) {
        return incremental != null && writer != null && image.output() != null
                && incremental.upToDate(image.source(), image.output());
    }

    /** A pipeline that admits every image at once: for images processed one at a time. */
    public ImagePipeline(ImageReader reader, Filter filter, ImageWriter writer) {
        this(reader, filter, writer, Admission.none());
    }

    public Filter filter() {
        return filter;
    }

    public void process(ImagePaths image) throws ImageException, InterruptedException {
        process(image, Cancellation.NONE);
    }

    /**
     * Processes one image unless {@code cancel} says to stop between its steps.
     *
     * @return true when the image was done, false when it was skipped or abandoned (nothing written)
     */
    public boolean process(ImagePaths image, Cancellation cancel) throws ImageException, InterruptedException {
        return process(image, cancel, damage -> { });
    }

    /**
     * As {@link #process(ImagePaths, Cancellation)}, telling {@code warnings} what is wrong with
     * an image that is damaged but decoded all the same.
     */
    @SuppressWarnings("try") // the permit is held for the block, never used in it
    public boolean process(ImagePaths image, Cancellation cancel, Consumer<String> warnings)
            throws ImageException, InterruptedException {
        if (!reader.awaitStorage(image.source().path(), cancel::skipNew)) {
            return false;
        }
        try (Admission.Permit permit = admission.admit(image.source().path())) {
            if (cancel.skipNew()) {
                return false;
            }
            // Looked at before it is read: a change after this makes its record differ, and the next run redo it.
            ImageFile.Seen seen = incremental == null ? null : Incremental.look(image.source().path());
            ImageReader.Decoded decoded = reader.decode(image.source().path(), warnings);
            Mat input = decoded.image();
            Mat result = null;
            try {
                if (cancel.abandonStarted()) {
                    return false;
                }
                result = applyFilter(input, image, cancel);
                if (result == null || cancel.abandonStarted()) {
                    return false;
                }
                if (writer != null && image.output() != null) {
                    writer.write(result, image.output(), decoded.metadata());
                    record(image, seen);
                }
                return true;
            } finally {
                Filters.releaseResult(input, result);
                Mats.free(input);
            }
        }
    }

    /** Appends the record of {@code image}'s output, now in place, to the manifest. */
    private void record(ImagePaths image, ImageFile.Seen seen) throws ImageException {
        if (incremental == null) {
            return;
        }
        try {
            incremental.made(image.source().path(), seen, image.output());
        } catch (IOException e) {
            throw new ImageException(image.output(), "written, but not recorded in the manifest: " + IoReasons.of(e));
        }
    }

    /** The filter's result, or null when it gave up between its steps because the image is abandoned. */
    private Mat applyFilter(Mat input, ImagePaths image, Cancellation cancel) throws ImageException {
        try {
            return filter.apply(input, cancel::abandonStarted);
        } catch (CancellationException e) {
            return null;
        } catch (RuntimeException e) {
            throw new ImageException(image.source().path(), filter.name() + " failed: " + ImageException.oneLine(e));
        }
    }

}
