package dev.loomy.filter;

import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

import org.opencv.core.Mat;

/**
 * An image filter: an 8-bit, 3-channel BGR image in, an 8-bit image out: 3-channel BGR, or
 * 1-channel gray for the filters whose look is gray (Gray, Sobelo), as origami gives them.
 *
 * <p>The contract every implementation keeps:
 * <ul>
 *   <li>{@link #apply} never modifies its input: a caller may reuse it;</li>
 *   <li>{@link #apply} is safe to call from many threads at once on one instance;</li>
 *   <li>the result is a new Mat that the caller owns and releases, or the input itself
 *       when the filter has nothing to change (NoOp). A caller therefore releases the
 *       result only when it is not the input: see {@link Filters#releaseResult}.</li>
 * </ul>
 */
public interface Filter {

    /** The name users select the filter by (matched without regard to case). */
    String name();

    /**
     * The name of the {@link Kind} that made it (or {@link Chain#KIND}): what a filter is made again
     * from, with its {@link #parameters()} and {@link #flags()}, in a JVM that receives its description.
     * Two filters of one class may be of two kinds (SepiaGray and SepiaRed).
     */
    String kind();

    Mat apply(Mat image);

    /**
     * As {@link #apply(Mat)}, giving up between its own steps once {@code stop} says so: a
     * chain of long steps then stops within one step, not at its end. A filter without steps
     * worth stopping between runs whole.
     *
     * @throws CancellationException when it gave up; what it had made is released
     */
    default Mat apply(Mat image, BooleanSupplier stop) {
        return apply(image);
    }

    /** What the filter does, in one line, as {@code loomy filters} shows it. */
    default String description() {
        return "";
    }

    /**
     * The parameters and their values (an Integer or a Double each), in a stable order, as
     * {@code loomy filters} shows them; a chain has none of its own, only its steps.
     */
    Map<String, Number> parameters();

    /**
     * The on/off parameters and their values, in a stable order, listed after {@link #parameters()};
     * kept apart so that every parameter keeps a type of its own.
     */
    default Map<String, Boolean> flags() {
        return Map.of();
    }

    /**
     * Native memory {@link #apply} holds at its peak, per pixel of the input, beyond the
     * input itself (its result and temporaries): what admission control budgets for one
     * image in flight on top of decoding and encoding ({@code --max-in-flight=auto}).
     *
     * <p>The built-ins' figures are measured: the maximum resident size ({@code /usr/bin/time
     * -v}) of {@code ./run.sh --strategy=loop} over one photo from {@code loomy samples}
     * (2000x1500, then 4000x3000), minus the same over a 64x48 one, divided by the pixels,
     * minus NoOp's figure; median of three runs, rounded up. A filter that does not know its
     * own figure gets this one, over twice the hungriest built-in's (DetailEnhance, 91).
     */
    default double workingBytesPerPixel() {
        return 200;
    }

    /**
     * Native memory {@link #apply} holds at its peak for a {@code width x height} input, beyond
     * the input itself: {@link #workingBytesPerPixel} times the pixels, unless the filter's
     * buffers grow otherwise with the image's shape (a window that grows with the longer side).
     */
    default long workingBytes(int width, int height) {
        return (long) Math.ceil(workingBytesPerPixel() * width * height);
    }

    /**
     * Java heap {@link #apply} holds at its peak for a {@code width x height} input: the arrays of
     * a filter that computes in Java. Admission control weighs it against the heap ({@code -Xmx}),
     * apart from {@link #workingBytes}: the heap is the smaller limit, and overrunning it ends the
     * whole run, not one image. None for a filter that works in OpenCV's memory only.
     */
    default long workingHeapBytes(int width, int height) {
        return 0;
    }
}
