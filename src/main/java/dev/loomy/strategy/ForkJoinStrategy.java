package dev.loomy.strategy;

import java.util.List;
import java.util.concurrent.ForkJoinPool;

/** A ForkJoinPool of {@code parallelism} workers, one task per image. */
public final class ForkJoinStrategy implements Strategy {

    @Override
    public String name() {
        return "forkjoin";
    }

    @Override
    public String description() {
        return "a ForkJoinPool, one task per image";
    }

    @Override
    public void run(List<? extends ImageJob> jobs, int parallelism) {
        try (ForkJoinPool pool = new ForkJoinPool(parallelism)) {
            for (ImageJob job : jobs) {
                if (job.stopping()) {
                    break;
                }
                pool.execute(job.submitted());
            }
        }
    }
}
