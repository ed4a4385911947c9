package dev.loomy.opencv;

/**
 * The largest image OpenCV's imgcodecs agrees to decode: at most 2^20 pixels wide or high
 * and 2^30 pixels in all, unless the environment variables OPENCV_IO_MAX_IMAGE_WIDTH,
 * _HEIGHT and _PIXELS say otherwise (read by OpenCV once, at its first decode). Beyond them
 * {@code imdecode} throws; loomy checks first, to refuse such a file with a clear reason
 * before reading it.
 */
public final class DecodeLimits {

    private static final long MAX_WIDTH = setting("OPENCV_IO_MAX_IMAGE_WIDTH", 1L << 20);
    private static final long MAX_HEIGHT = setting("OPENCV_IO_MAX_IMAGE_HEIGHT", 1L << 20);
    private static final long MAX_PIXELS = setting("OPENCV_IO_MAX_IMAGE_PIXELS", 1L << 30);

    private DecodeLimits() {
    }

    /** Why OpenCV would refuse to decode a {@code width x height} image, or null when it would not. */
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
                    + " pixels, more than OpenCV's limit of " + MAX_PIXELS + " (OPENCV_IO_MAX_IMAGE_PIXELS)";
        }
        return null;
    }

    /** Parsed as OpenCV parses it: digits, optionally followed by KB or MB (any case but kB/mB). */
    static long setting(String name, long fallback) {
        String value = System.getenv(name);
        if (value == null) {
            return fallback;
        }
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(KB|Kb|kb|MB|Mb|mb)?").matcher(value);
        if (!m.matches()) {
            return fallback;
        }
        long number = Long.parseLong(m.group(1));
        return m.group(2) == null ? number : number * (m.group(2).equalsIgnoreCase("kb") ? 1024 : 1024 * 1024);
    }
}
