package dev.loomy.strategy;

/**
 * One image's work as a strategy sees it. {@link #run} never throws: failures are recorded
 * elsewhere, so a strategy only decides which thread runs each job and when.
 */
public interface ImageJob extends Runnable {

    /**
     * Stamps the moment the strategy hands this job to a thread or an executor (per-image
     * latency is measured from here) and returns the job, ready to hand over.
     */
    ImageJob submitted();

    /** As {@link #submitted()}, also naming the group of images the job belongs to (its lane). */
    ImageJob submitted(String lane);
}
