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

    /**
     * Whether the run is stopping. A job would then only mark itself skipped, as one never handed
     * over counts: a strategy hands over none from there on, so that a stop ends in a moment
     * however many images are left (a thread started for each took seconds per 10,000).
     */
    default boolean stopping() {
        return false;
    }

    /**
     * Whether, once run, this job's image failed and its failure stopped the run ({@code --fail-fast}'s
     * first failure): a strategy that cancels its own work ({@link Strategy#cancelsItself}) does so then.
     */
    default boolean stoppedRun() {
        return false;
    }
}
