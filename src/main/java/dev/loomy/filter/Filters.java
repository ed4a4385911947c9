package dev.loomy.filter;

import org.opencv.core.Mat;

/** Helpers for code that applies filters. */
public final class Filters {

    private Filters() {
    }

    /** Releases a filter's result unless it is the input itself (see {@link Filter}). */
    public static void releaseResult(Mat input, Mat result) {
        if (result != null && result != input) {
            result.release();
        }
    }
}
