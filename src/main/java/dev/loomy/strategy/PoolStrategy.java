package dev.loomy.strategy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** A fixed pool of {@code parallelism} platform threads, one task per image, queued as a {@link SubmissionWindow} allows. */
public final class PoolStrategy implements Strategy {

    @Override
    public String name() {
        return "pool";
    }

    @Override
    public String description() {
        return "a fixed pool of platform threads";
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        // close() waits for every submitted task to finish.
        try (ExecutorService pool = Executors.newFixedThreadPool(parallelism, NumberedThreads.platform("loomy-pool-"))) {
            SubmissionWindow.submitAll(jobs, parallelism, pool);
        }
    }
}
