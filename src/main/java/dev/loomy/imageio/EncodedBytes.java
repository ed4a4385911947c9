package dev.loomy.imageio;

import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.opencv.core.Mat;

/**
 * An encoded image file's bytes as {@link FormatCheck} walks them: a Java array, or a native
 * Mat (one column of 8-bit values) seen through a small window, so that a large file is never
 * copied whole onto the Java heap. Not thread-safe: one reader walks it.
 */
final class EncodedBytes {

    /** Bytes copied from the Mat at a time: one JNI call per window, a small array on the heap. */
    static final int WINDOW = 64 * 1024;

    private final byte[] array;
    private final Mat mat;
    private final int length;
    private byte[] window;
    private int windowStart;
    private int windowEnd;

    private EncodedBytes(byte[] array, Mat mat, int length) {
        this.array = array;
        this.mat = mat;
        this.length = length;
    }

    static EncodedBytes of(byte[] bytes) {
        return new EncodedBytes(bytes, null, bytes.length);
    }

    /** The bytes of a continuous one-column 8-bit Mat, which stays owned (and released) by the caller. */
    static EncodedBytes of(Mat bytes) {
        return new EncodedBytes(null, bytes, (int) bytes.total());
    }

    int length() {
        return length;
    }

    byte get(int i) {
        if (array != null) {
            return array[i];
        }
        if (i < windowStart || i >= windowEnd) {
            fill(i);
        }
        return window[i - windowStart];
    }

    /** {@code count} bytes from {@code from} as ISO-8859-1 text (a PNG chunk's type, say). */
    String text(int from, int count) {
        byte[] text = new byte[count];
        for (int k = 0; k < count; k++) {
            text[k] = get(from + k);
        }
        return new String(text, StandardCharsets.ISO_8859_1);
    }

    /** Adds {@code count} bytes from {@code from} to {@code crc}. */
    void update(CRC32 crc, int from, int count) {
        if (array != null) {
            crc.update(array, from, count);
            return;
        }
        for (int at = from, end = from + count; at < end; ) {
            get(at);
            int n = Math.min(end, windowEnd) - at;
            crc.update(window, at - windowStart, n);
            at += n;
        }
    }

    private void fill(int i) {
        if (i < 0 || i >= length) {
            throw new IndexOutOfBoundsException("byte " + i + " of " + length);
        }
        if (window == null) {
            window = new byte[Math.min(WINDOW, length)];
        }
        // Mat.get copies up to the array's length, or to the Mat's end, and says how much.
        int copied = mat.get(i, 0, window);
        windowStart = i;
        windowEnd = i + copied;
    }
}
