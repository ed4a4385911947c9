package dev.loomy.samples;

import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.opencv.core.Mat;

/**
 * Reproducible synthetic photo-like images. Image {@code index} (from 1) depends only on
 * the seed, the index and the fixed size if any: the same on every run, whatever the
 * count of images asked for, and on any thread.
 *
 * <p>Two images in three are JPEG, the third PNG. Without a fixed size each image takes
 * one of the common photo sizes, landscape or portrait.
 */
public final class SampleGenerator {

    /** Sizes cameras, phones and web pages commonly give. */
    public static final List<ImageSize> PHOTO_SIZES = List.of(
            new ImageSize(612, 612), new ImageSize(640, 480), new ImageSize(800, 600), new ImageSize(1024, 768),
            new ImageSize(480, 640), new ImageSize(600, 800), new ImageSize(768, 1024));

    /** What image {@code index} is, before it is painted. */
    public record Sample(int index, ImageSize size, String extension) {

        /** {@code sample-0007.jpg}: zero-padded to {@code digits} so that names sort as numbers do. */
        public String fileName(int digits) {
            return String.format(Locale.ROOT, "sample-%0" + digits + "d.%s", index, extension);
        }
    }

    /**
     * Memory one image holds at its peak, painted then encoded, a pixel: the maximum resident size
     * of {@code loomy samples -n 2} (two painted at once) grew by 20-22 bytes a pixel of each from
     * 2000x2000 to 4000x4000 and 6000x6000; 24 is counted.
     */
    static final long BYTES_PER_PIXEL = 24;

    private final long seed;
    private final ImageSize fixedSize;

    /** @param fixedSize the size of every image, or null for a mix of {@link #PHOTO_SIZES} */
    public SampleGenerator(long seed, ImageSize fixedSize) {
        this.seed = seed;
        this.fixedSize = fixedSize;
    }

    /** The digits of the file names for {@code count} images: 4, or more for 10,000 and up. */
    public static int digits(int count) {
        return Math.max(4, Integer.toString(count).length());
    }

    /** The memory the largest image this generator makes holds at its peak. */
    public long peakBytes() {
        List<ImageSize> sizes = fixedSize != null ? List.of(fixedSize) : PHOTO_SIZES;
        return sizes.stream().mapToLong(s -> BYTES_PER_PIXEL * s.width() * s.height()).max().orElseThrow();
    }

    public Sample describe(int index) {
        return describe(index, random(index));
    }

    /** Paints image {@code index}: a new 8-bit BGR Mat that the caller releases. */
    public Mat paint(int index) {
        SplittableRandom random = random(index);
        Sample sample = describe(index, random);
        return new SamplePainter(random, sample.size()).paint();
    }

    private Sample describe(int index, SplittableRandom random) {
        if (index < 1) {
            throw new IllegalArgumentException("sample index starts at 1, not " + index);
        }
        ImageSize size = fixedSize != null ? fixedSize : PHOTO_SIZES.get(random.nextInt(PHOTO_SIZES.size()));
        return new Sample(index, size, index % 3 == 0 ? "png" : "jpg");
    }

    /** A generator for image {@code index} alone: independent of every other image's. */
    private SplittableRandom random(int index) {
        return new SplittableRandom(mix(seed * 0x9E3779B97F4A7C15L + index));
    }

    /** MurmurHash3's 64-bit finalizer: neighbouring seeds and indexes give unrelated streams. */
    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb93fe34e53b9L;
        return z ^ (z >>> 33);
    }
}
