package dev.loomy.filter;

import java.util.Map;

import org.opencv.core.Mat;

/**
 * An image filter: an 8-bit, 3-channel BGR image in, an image of the same kind out.
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

    Mat apply(Mat image);

    /** The parameters and their values, in a stable order, as {@code loomy filters} shows them. */
    Map<String, Object> parameters();
}
