package dev.loomy.strategy;

import java.util.List;

/** A way of running a batch of image jobs concurrently (or not). */
public interface Strategy {

    /** The name users select it by, e.g. {@code virtual}. */
    String name();

    /** One line on what it does, for tables and help. */
    String description();

    /**
     * The groups it puts images in ({@link ImageJob#submitted(String)}), each reported apart, even one
     * that a small batch leaves empty; none for most strategies.
     */
    default List<String> lanes() {
        return List.of();
    }

    /**
     * Whether it cancels the jobs under way itself when one {@linkplain ImageJob#stoppedRun() stops the
     * run}; for the others, the run interrupts the threads working on them.
     */
    default boolean cancelsItself() {
        return false;
    }

    /**
     * Runs every job once and returns when all have finished; hands over no more once a job says
     * the run is {@linkplain ImageJob#stopping stopping}. Image jobs are taken from {@code jobs} as they
     * are handed over, and no more are handed over at once than a {@link SubmissionWindow} holds.
     *
     * @param parallelism the pool size or ForkJoin parallelism; for {@code threads}, the unit of how many
     *                    of its threads may be alive at once; loop and the virtual strategies ignore it (the
     *                    virtual threads' carriers are the JVM's, set before its first virtual thread starts)
     */
    void run(ImageJobs jobs, int parallelism) throws InterruptedException;

    /** As {@link #run(ImageJobs, int)}, over jobs already in a list. */
    default void run(List<? extends ImageJob> jobs, int parallelism) throws InterruptedException {
        run(ImageJobs.of(jobs), parallelism);
    }
}
