package dev.loomy.strategy;

import java.util.List;

/** A way of running a batch of image jobs concurrently (or not). */
public interface Strategy {

    /** The name users select it by, e.g. {@code virtual}. */
    String name();

    /** One line on what it does, for tables and help. */
    String description();

    /**
     * Runs every job once and returns when all have finished; hands over no more once a job says
     * the run is {@linkplain ImageJob#stopping stopping}.
     *
     * @param parallelism the pool size or ForkJoin parallelism; strategies without a pool ignore it
     */
    void run(List<? extends ImageJob> jobs, int parallelism) throws InterruptedException;
}
