package dev.loomy.admission;

import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageHeader;

/**
 * The memory one image holds while it is in flight, estimated before it is read from its
 * header and the filter's measured appetite.
 *
 * <p>Reading and writing alone (NoOp) were measured with one 4000x3000 image through
 * {@code loomy --strategy=loop}, written in its own format: the maximum resident size
 * ({@code /usr/bin/time -v}) grew by 40 MB over a 64x48 image as a 1.9 MB JPEG and by 82 MB
 * as an 11 MB PNG. Fitted as pixels x a + file bytes x b: a = 2.7 (the decoded 3-byte BGR
 * image; 3 is used) and b = 4.6 (the file's bytes read on the heap and copied to a Mat,
 * the encoder's growing output buffer, its copy on the heap; 5 is used, 2 of it on the heap).
 * Converting to PNG ({@code --image-format=png}) writes more than the input's bytes, up to
 * 3 bytes a pixel more, which this leaves out.
 *
 * @param nativeBytes outside the Java heap: OpenCV's Mats and buffers
 * @param heapBytes   on the Java heap: the file's bytes as read, and the encoded result
 */
public record ImageCost(long nativeBytes, long heapBytes) {

    /** The decoded image: 8-bit BGR. */
    static final double DECODED_BYTES_PER_PIXEL = 3;

    /** Copies of the encoded bytes held outside the heap (the input's Mat, the encoder's buffer). */
    static final int NATIVE_FILE_COPIES = 3;

    /** Copies of the encoded bytes held on the heap (as read, as written). */
    static final int HEAP_FILE_COPIES = 2;

    /** Per image, whatever its size: Mat headers, JNI and allocator bookkeeping, the Java objects of a job. */
    static final long FIXED_BYTES = 64 * 1024;

    static ImageCost of(ImageHeader header, Filter filter) {
        double perPixel = DECODED_BYTES_PER_PIXEL + filter.workingBytesPerPixel();
        long nativeBytes = FIXED_BYTES + NATIVE_FILE_COPIES * header.bytes() + (long) Math.ceil(header.pixels() * perPixel);
        return new ImageCost(nativeBytes, FIXED_BYTES + HEAP_FILE_COPIES * header.bytes());
    }
}
