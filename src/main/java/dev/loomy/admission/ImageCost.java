package dev.loomy.admission;

import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageHeader;
import dev.loomy.imageio.SourceFile;

/**
 * The memory one image holds while it is in flight, estimated before it is read from its
 * header and the filter's working set for that size.
 *
 * <p>Reading and writing alone (NoOp) were measured with one 4000x3000 image through
 * {@code loomy --strategy=loop}, written in its own format: the maximum resident size
 * ({@code /usr/bin/time -v}) grew by 40 MB over a 64x48 image as a 1.9 MB JPEG and by 82 MB
 * as an 11 MB PNG. Fitted as pixels x a + file bytes x b: a = 2.7 (the decoded 3-byte BGR
 * image; 3 is used) and b = 4.6 (then two copies on the heap, three in native memory: the
 * file's bytes, the encoder's growing output buffer and its copy). The file's bytes now go
 * between the disk and native memory a chunk at a time, so the heap holds one chunk each
 * way, not the file: 3 copies are counted in native memory. Converting to PNG ({@code --image-format=png})
 * writes more than the input's bytes, up to 3 bytes a pixel more, which this leaves out.
 *
 * <p>A filter that computes in Java (the guided filter of ALTMRetinex, Cartoon2's median) holds
 * its arrays on the heap: {@link Filter#workingHeapBytes}, counted there and not in native memory.
 *
 * @param nativeBytes outside the Java heap: OpenCV's Mats and buffers
 * @param heapBytes   on the Java heap: the chunks the file's bytes go through, the job's objects and the filter's arrays
 */
public record ImageCost(long nativeBytes, long heapBytes) {

    /** The decoded image: 8-bit BGR. */
    static final double DECODED_BYTES_PER_PIXEL = 3;

    /** Copies of the encoded bytes held outside the heap (the input's Mat, the encoder's buffer and its copy). */
    static final int NATIVE_FILE_COPIES = 3;

    /** On the heap: one chunk to read the file, one to write the result (see {@link SourceFile#CHUNK}). */
    static final long HEAP_CHUNKS = 2L * SourceFile.CHUNK;

    /** Per image, whatever its size: Mat headers, JNI and allocator bookkeeping, the Java objects of a job. */
    static final long FIXED_BYTES = 64 * 1024;

    public static ImageCost of(ImageHeader header, Filter filter) {
        // An unknown size is guessed from the file's length, as a square.
        int width = header.sizeKnown() ? header.width() : (int) Math.min(Integer.MAX_VALUE, Math.ceil(Math.sqrt(header.pixels())));
        int height = header.sizeKnown() ? header.height() : width;
        long nativeBytes = FIXED_BYTES + NATIVE_FILE_COPIES * header.bytes()
                + (long) Math.ceil(DECODED_BYTES_PER_PIXEL * width * height) + filter.workingBytes(width, height);
        return new ImageCost(nativeBytes, FIXED_BYTES + Math.min(HEAP_CHUNKS, 2 * header.bytes())
                + filter.workingHeapBytes(width, height));
    }
}
