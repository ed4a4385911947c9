package dev.loomy.pipeline;

/**
 * What a job asks between the steps of one image (admitted, read, filtered) to know whether
 * to go on. A run being stopped skips the images not yet started at once, and gives those
 * under way some time to finish before it abandons them at their next step.
 */
public interface Cancellation {

    /** Never cancels. */
    Cancellation NONE = new Cancellation() {
        @Override
        public boolean skipNew() {
            return false;
        }

        @Override
        public boolean abandonStarted() {
            return false;
        }
    };

    /** Whether an image not yet read should be skipped. */
    boolean skipNew();

    /** Whether an image already read should be dropped unwritten. */
    boolean abandonStarted();
}
