package dev.loomy.imageio;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

import org.opencv.core.Mat;

/**
 * An encoded image file's bytes as {@link FormatCheck} walks them: a Java array, or a native
 * Mat (one column of 8-bit values) seen in place, so that a file is never copied onto the Java heap.
 */
final class EncodedBytes {

    private final ByteBuffer bytes;

    private EncodedBytes(ByteBuffer bytes) {
        this.bytes = bytes;
    }

    static EncodedBytes of(byte[] bytes) {
        return new EncodedBytes(ByteBuffer.wrap(bytes));
    }

    /** The bytes of a continuous one-column 8-bit Mat, which stays owned (and released) by the caller. */
    static EncodedBytes of(Mat bytes) {
        return new EncodedBytes(NativeBytes.view(bytes, 0, bytes.total()));
    }

    int length() {
        return bytes.capacity();
    }

    byte get(int i) {
        return bytes.get(i);
    }

    /** {@code count} bytes from {@code from} as ISO-8859-1 text (a PNG chunk's type, say). */
    String text(int from, int count) {
        return new String(copy(from, count), StandardCharsets.ISO_8859_1);
    }

    /** A copy of {@code count} bytes from {@code from}, on the heap. */
    byte[] copy(int from, int count) {
        byte[] copy = new byte[count];
        bytes.get(from, copy);
        return copy;
    }

    /** Adds {@code count} bytes from {@code from} to {@code crc}. */
    /** Copies {@code count} bytes from {@code from} into the start of {@code into}. */
    void copy(int from, byte[] into, int count) {
        bytes.get(from, into, 0, count);
    }

    void update(CRC32 crc, int from, int count) {
        crc.update(bytes.slice(from, count));
    }
}
