package dev.loomy.strategy;

import java.util.List;

/** A plain for-loop on the calling thread: the baseline every other strategy is compared to. */
public final class LoopStrategy implements Strategy {

    @Override
    public String name() {
        return "loop";
    }

    @Override
    public String description() {
        return "a plain loop on one thread";
    }

    @Override
    public void run(List<? extends ImageJob> jobs, int parallelism) {
        for (ImageJob job : jobs) {
            if (job.stopping()) {
                break;
            }
            job.submitted().run();
        }
    }
}
