package dev.loomy.filter;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import dev.loomy.opencv.Mats;

/** Helpers for code that applies filters. */
public final class Filters {

    private Filters() {
    }

    /** {@code name} when it is a usable filter name; an IllegalArgumentException otherwise. */
    public static String requireName(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a filter needs a name that is not blank");
        }
        return name;
    }

    /** Fails unless {@code image} is what filters take: 8-bit, 3-channel BGR, not empty. */
    public static void requireBgr(String filter, Mat image) {
        if (image.empty() || image.type() != CvType.CV_8UC3) {
            throw new IllegalArgumentException(filter + " needs an 8-bit, 3-channel BGR image, not "
                    + (image.empty() ? "an empty one" : CvType.typeToString(image.type())));
        }
    }

    /** Releases a filter's result unless it is the input itself (see {@link Filter}). */
    public static void releaseResult(Mat input, Mat result) {
        if (result != null && result != input) {
            Mats.free(result);
        }
    }
}
