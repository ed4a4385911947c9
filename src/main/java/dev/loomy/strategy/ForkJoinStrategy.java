package dev.loomy.strategy;

import java.util.concurrent.ForkJoinPool;

/** A ForkJoinPool of {@code parallelism} workers, one task per image, queued as a {@link SubmissionWindow} allows. */
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
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        try (ForkJoinPool pool = new ForkJoinPool(parallelism)) {
            SubmissionWindow.submitAll(jobs, parallelism, pool);
        }
    }
}
