package dev.loomy.opencv;

import java.lang.ref.Reference;

import org.opencv.core.Mat;

/**
 * The one way loomy frees a Mat it owns, and owned Mats made without a finalizer.
 *
 * <p>A Mat made by OpenCV's Java API has a finalizer that deletes its native header. Calling
 * {@code mat.release()} where that call is the Mat's last use leaves the Java object unreachable
 * while the native release runs: a collection at that moment queues the finalizer, which deletes
 * the header (and drops the pixels' reference count) on the finalizer thread while the release is
 * still writing into it. glibc found the freed memory written over long afterwards and aborted
 * ({@code free(): invalid pointer}), about once in a few hundred thousand images. {@link #free}
 * keeps the Mat reachable until the native call has returned, and every native call on it before
 * that, since the Mat is still to be freed; after it, the finalizer deletes only an empty header.
 *
 * <p>The Mats made here ({@link #owned}, {@link #empty}) have no finalizer at all: their one owner
 * frees them, once, with {@link #free}.
 */
public final class Mats {

    private Mats() {
    }

    /** Frees {@code mat}'s native memory now (nothing for null, nothing the second time for an owned one). */
    public static void free(Mat mat) {
        if (mat == null) {
            return;
        }
        if (mat instanceof MatHeaders.Header header) {
            header.delete();
        } else {
            mat.release();
        }
        Reference.reachabilityFence(mat);
    }

    /** Frees each of {@code mats} (nulls skipped), the last one first. */
    public static void free(Mat... mats) {
        for (int i = mats.length - 1; i >= 0; i--) {
            free(mats[i]);
        }
        Reference.reachabilityFence(mats);
    }

    /** A new empty Mat without a finalizer, which its owner frees with {@link #free}. */
    public static Mat empty() {
        return MatHeaders.available() ? MatHeaders.empty() : new Mat();
    }

    /** A new {@code rows x cols} Mat of {@code type} (its values unset) without a finalizer, freed with {@link #free}. */
    public static Mat owned(int rows, int cols, int type) {
        return MatHeaders.available() ? MatHeaders.sized(rows, cols, type) : new Mat(rows, cols, type);
    }
}
