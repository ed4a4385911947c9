package dev.loomy.engine;

import dev.loomy.results.ImageTiming;

/** Follows a measurement as it goes, e.g. to draw a progress bar. Called from many threads. */
public interface RunListener {

    RunListener NONE = new RunListener() {
    };

    /** A run starts: {@code label} names it, e.g. "virtual / Cartoon2 (warm-up 1/1)". */
    default void runStarted(String label, int images) {
    }

    default void imageDone(ImageTiming.Status status) {
    }

    default void runFinished() {
    }
}
