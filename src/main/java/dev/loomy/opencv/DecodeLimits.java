package dev.loomy.opencv;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The largest image loomy agrees to decode: at most 2^20 pixels wide or high, as OpenCV's
 * imgcodecs, and 2^28 pixels in all (16384x16384), a quarter of OpenCV's 2^30; the environment
 * variables OPENCV_IO_MAX_IMAGE_WIDTH, _HEIGHT and _PIXELS set other limits for both (OpenCV
 * reads them once, at its first decode). loomy checks an image's header against them before
 * reading it, to refuse it with a clear reason: a file of a few kilobytes may announce
 * 30000x30000 pixels, which a decoder allocates (2.7 GB) and fills in a minute, whatever the
 * memory budget of the other images.
 */
public final class DecodeLimits {

    private static final long MAX_WIDTH = setting("OPENCV_IO_MAX_IMAGE_WIDTH", 1L << 20);
    private static final long MAX_HEIGHT = setting("OPENCV_IO_MAX_IMAGE_HEIGHT", 1L << 20);
    /** Beyond any camera's photos (200 megapixels at most) and most panoramas; within ImageMagick's 16K per side. */
    private static final long MAX_PIXELS = setting("OPENCV_IO_MAX_IMAGE_PIXELS", 1L << 28);

    private DecodeLimits() {
    }

    /** Why loomy refuses to decode a {@code width x height} image, or null when it does not. */
    public static String refusal(long width, long height) {
        if (width > MAX_WIDTH) {
            return "too large to decode: " + width + " pixels wide, more than OpenCV's limit of " + MAX_WIDTH
                    + " (OPENCV_IO_MAX_IMAGE_WIDTH)";
        }
        if (height > MAX_HEIGHT) {
            return "too large to decode: " + height + " pixels high, more than OpenCV's limit of " + MAX_HEIGHT
                    + " (OPENCV_IO_MAX_IMAGE_HEIGHT)";
        }
        if (width * height > MAX_PIXELS) {
            return "too large to decode: " + width + "x" + height + " is " + width * height
                    + " pixels, more than the limit of " + MAX_PIXELS + " (OPENCV_IO_MAX_IMAGE_PIXELS)";
        }
        return null;
    }

    /** Parsed as OpenCV parses it: digits, optionally followed by KB or MB (any case but kB/mB). */
    static long setting(String name, long fallback) {
        String value = System.getenv(name);
        if (value == null) {
            return fallback;
        }
        Matcher m = Pattern.compile("(\\d+)(KB|Kb|kb|MB|Mb|mb)?").matcher(value);
        if (!m.matches()) {
            return fallback;
        }
        long number = Long.parseLong(m.group(1));
        return m.group(2) == null ? number : number * (m.group(2).equalsIgnoreCase("kb") ? 1024 : 1024 * 1024);
    }
}
