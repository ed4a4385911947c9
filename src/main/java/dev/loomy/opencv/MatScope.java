package dev.loomy.opencv;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Mat;

/**
 * Releases the native memory of every {@link Mat} registered with it when closed.
 *
 * <p>A Mat's pixels live in native memory that the garbage collector neither sees nor
 * frees in time, so each one is released deterministically: register temporaries with
 * {@link #add}, hand the result out with {@link #keep}, and close the scope in a
 * try-with-resources block. (Mat headers, a few dozen bytes each, still go with the
 * garbage collector; only the pixel buffers matter.)
 */
public final class MatScope implements AutoCloseable {

    private final List<Mat> mats = new ArrayList<>();

    /** Registers {@code mat} for release when the scope closes and returns it. */
    public <M extends Mat> M add(M mat) {
        mats.add(mat);
        return mat;
    }

    /** A new empty Mat, released when the scope closes. */
    public Mat mat() {
        return add(new Mat());
    }

    /** Removes {@code mat} from the scope, so that it outlives it, and returns it. */
    public <M extends Mat> M keep(M mat) {
        for (int i = mats.size() - 1; i >= 0; i--) {
            if (mats.get(i) == mat) {
                mats.remove(i);
            }
        }
        return mat;
    }

    @Override
    public void close() {
        for (int i = mats.size() - 1; i >= 0; i--) {
            mats.get(i).release();
        }
        mats.clear();
    }
}
