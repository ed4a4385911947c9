package dev.loomy.imageio;

import java.nio.ByteBuffer;

import com.sun.jna.Pointer;

import org.opencv.core.Mat;

/**
 * A Mat's native memory seen as a direct ByteBuffer, so that a file is read into it, walked and
 * written from it without a copy on the Java heap. The view does not keep the Mat alive: it is
 * used only while its owner holds the Mat.
 */
final class NativeBytes {

    private NativeBytes() {
    }

    /** {@code length} bytes of the continuous Mat {@code mat} from byte {@code offset}. */
    static ByteBuffer view(Mat mat, long offset, long length) {
        if (length == 0) {
            return ByteBuffer.allocate(0);
        }
        if (!mat.isContinuous() || offset < 0 || length < 0 || offset + length > mat.total() * mat.elemSize()) {
            throw new IllegalArgumentException("bytes " + offset + " to " + (offset + length) + " of " + mat);
        }
        return new Pointer(mat.dataAddr() + offset).getByteBuffer(0, length);
    }
}
