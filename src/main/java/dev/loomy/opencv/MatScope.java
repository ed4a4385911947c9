package dev.loomy.opencv;

import java.util.ArrayList;
import java.util.List;

import org.opencv.core.Mat;
import org.opencv.core.Scalar;

/**
 * Releases the native memory of every {@link Mat} registered with it when closed.
 *
 * <p>A Mat's pixels live in native memory that the garbage collector neither sees nor
 * frees in time, so each one is released deterministically: register temporaries with
 * {@link #add}, hand the result out with {@link #keep}, and close the scope in a
 * try-with-resources block.
 *
 * <p>The Mats the scope makes itself ({@link #mat}, the views {@link #rowRange}, {@link
 * #colRange}, {@link #reshape}) have no finalizer, and closing deletes their native headers too;
 * a Mat from OpenCV's own Java calls is finalizable, and only its pixels are released here (see
 * {@link MatHeaders}). Prefer the scope's calls in code that runs many times per image.
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
        return add(Mats.empty());
    }

    /** A new {@code rows x cols} Mat of {@code type} (its values unset), released when the scope closes. */
    public Mat mat(int rows, int cols, int type) {
        return add(Mats.owned(rows, cols, type));
    }

    /** {@code mat.rowRange(start, end)}, a view released when the scope closes. */
    public Mat rowRange(Mat mat, int start, int end) {
        return add(MatHeaders.available() ? MatHeaders.rowRange(mat, start, end) : mat.rowRange(start, end));
    }

    /** {@code mat.colRange(start, end)}, a view released when the scope closes. */
    public Mat colRange(Mat mat, int start, int end) {
        return add(MatHeaders.available() ? MatHeaders.colRange(mat, start, end) : mat.colRange(start, end));
    }

    /** {@code mat.reshape(channels, rows)}, a view released when the scope closes. */
    public Mat reshape(Mat mat, int channels, int rows) {
        return add(MatHeaders.available() ? MatHeaders.reshape(mat, channels, rows) : mat.reshape(channels, rows));
    }

    /** {@code mat.setTo(value, mask)}; the second header OpenCV's call returns is released with the scope. */
    public void setTo(Mat mat, Scalar value, Mat mask) {
        add(MatHeaders.available() ? MatHeaders.setTo(mat, value, mask) : mat.setTo(value, mask));
    }

    /**
     * Removes {@code mat} from the scope, so that it outlives it, and returns it, or for a Mat
     * the scope made, a plain Mat on the same pixels (the caller releases it as any other; the
     * Mat passed in is then dead: use what this returns).
     *
     * @throws IllegalArgumentException for a Mat another scope made: that scope would delete it
     */
    public Mat keep(Mat mat) {
        boolean found = false;
        for (int i = mats.size() - 1; i >= 0; i--) {
            if (mats.get(i) == mat) {
                mats.remove(i);
                found = true;
            }
        }
        if (!found && mat instanceof MatHeaders.Header) {
            throw new IllegalArgumentException("a Mat of another scope cannot be kept from this one");
        }
        if (mat instanceof MatHeaders.Header header) {
            Mat plain = new Mat();
            header.assignTo(plain);
            header.delete();
            return plain;
        }
        return mat;
    }

    @Override
    public void close() {
        for (int i = mats.size() - 1; i >= 0; i--) {
            Mats.free(mats.get(i));
        }
        mats.clear();
    }
}
