package dev.loomy.opencv;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.ref.Reference;

import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.console.Console;

/**
 * Mat headers made without a finalizer, for {@link MatScope} to delete when it closes.
 *
 * <p>Every {@code Mat} that OpenCV's Java API makes (a new image, and every view: {@code
 * rowRange}, {@code colRange}, {@code reshape}, the header {@code setTo} returns) is finalizable,
 * even when its pixels were released long ago: a collection keeps it alive for its finalizer,
 * and what a young collection keeps overflows into the old generation. ALTMRetinex makes hundreds
 * of views a photo, so over 10,000 photos the heap grew by hundreds of megabytes of dead headers.
 * Here the same native calls (Mat's own private natives, through method handles) are wrapped in
 * {@link Header}, whose empty {@code finalize} tells the JVM not to register it; the scope deletes
 * the native header itself. Where the natives cannot be reached (another OpenCV build), {@link
 * #available} is false and the scope falls back on OpenCV's public calls.
 */
final class MatHeaders {

    private static final MethodHandle EMPTY;
    private static final MethodHandle SIZED;
    private static final MethodHandle ROW_RANGE;
    private static final MethodHandle COL_RANGE;
    private static final MethodHandle RESHAPE;
    private static final MethodHandle SET_TO;
    private static final MethodHandle DELETE;

    static {
        MethodHandle[] handles = new MethodHandle[7];
        try {
            MethodHandles.Lookup mat = MethodHandles.privateLookupIn(Mat.class, MethodHandles.lookup());
            MethodType range = MethodType.methodType(long.class, long.class, int.class, int.class);
            handles[0] = mat.findStatic(Mat.class, "n_Mat", MethodType.methodType(long.class));
            handles[1] = mat.findStatic(Mat.class, "n_Mat", MethodType.methodType(long.class, int.class, int.class, int.class));
            handles[2] = mat.findStatic(Mat.class, "n_rowRange", range);
            handles[3] = mat.findStatic(Mat.class, "n_colRange", range);
            handles[4] = mat.findStatic(Mat.class, "n_reshape", range);
            handles[5] = mat.findStatic(Mat.class, "n_setTo", MethodType.methodType(long.class, long.class,
                    double.class, double.class, double.class, double.class, long.class));
            handles[6] = mat.findStatic(Mat.class, "n_delete", MethodType.methodType(void.class, long.class));
        } catch (ReflectiveOperationException | RuntimeException e) {
            handles = new MethodHandle[7];
            new Console(System.err, false).error("OpenCV's own Mat calls cannot be reached (" + e
                    + "): temporary Mats are left to the garbage collector's finalizers, and long runs take more memory");
        }
        EMPTY = handles[0];
        SIZED = handles[1];
        ROW_RANGE = handles[2];
        COL_RANGE = handles[3];
        RESHAPE = handles[4];
        SET_TO = handles[5];
        DELETE = handles[6];
    }

    /**
     * A Mat whose native header its scope deletes. Its {@code finalize} is empty on purpose: the
     * JVM then does not register its instances for finalization, although Mat's is not empty.
     */
    static final class Header extends Mat {

        /** Set once the native header is deleted: a second delete would free it twice. */
        private boolean deleted;

        private Header(long address) {
            super(address);
        }

        @SuppressWarnings({"removal", "deprecation"})
        @Override
        protected void finalize() {
        }

        /** Deletes the native header, which releases its share of the pixels; after the first time, nothing. */
        void delete() {
            if (deleted) {
                return;
            }
            deleted = true;
            try {
                DELETE.invokeExact(nativeObj);
            } catch (Throwable e) {
                throw rethrow(e);
            }
        }
    }

    private MatHeaders() {
    }

    /** Whether this OpenCV's natives were found: otherwise no method below may be called. */
    static boolean available() {
        return DELETE != null;
    }

    static Header empty() {
        try {
            return new Header((long) EMPTY.invokeExact());
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static Header sized(int rows, int cols, int type) {
        try {
            return new Header((long) SIZED.invokeExact(rows, cols, type));
        } catch (Throwable e) {
            throw rethrow(e);
        }
    }

    static Header rowRange(Mat mat, int start, int end) {
        try {
            return new Header((long) ROW_RANGE.invokeExact(mat.nativeObj, start, end));
        } catch (Throwable e) {
            throw rethrow(e);
        } finally {
            Reference.reachabilityFence(mat);
        }
    }

    static Header colRange(Mat mat, int start, int end) {
        try {
            return new Header((long) COL_RANGE.invokeExact(mat.nativeObj, start, end));
        } catch (Throwable e) {
            throw rethrow(e);
        } finally {
            Reference.reachabilityFence(mat);
        }
    }

    static Header reshape(Mat mat, int channels, int rows) {
        try {
            return new Header((long) RESHAPE.invokeExact(mat.nativeObj, channels, rows));
        } catch (Throwable e) {
            throw rethrow(e);
        } finally {
            Reference.reachabilityFence(mat);
        }
    }

    static Header setTo(Mat mat, Scalar value, Mat mask) {
        double[] v = value.val;
        try {
            return new Header((long) SET_TO.invokeExact(mat.nativeObj, v[0], v[1], v[2], v[3], mask.nativeObj));
        } catch (Throwable e) {
            throw rethrow(e);
        } finally {
            // A finalizable Mat passed in as its last use must outlive the native call.
            Reference.reachabilityFence(mat);
            Reference.reachabilityFence(mask);
        }
    }

    /** OpenCV's natives throw its CvException (unchecked) or an Error; nothing checked comes out of them. */
    private static RuntimeException rethrow(Throwable e) {
        if (e instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (e instanceof Error error) {
            throw error;
        }
        throw new IllegalStateException(e);
    }
}
