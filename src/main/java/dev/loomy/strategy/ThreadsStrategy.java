package dev.loomy.strategy;

import java.util.ArrayList;
import java.util.List;

/** One new platform thread per image, all started, then all joined. */
public final class ThreadsStrategy implements Strategy {

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public String description() {
        return "one platform thread per image";
    }

    @Override
    public void run(List<? extends ImageJob> jobs, int parallelism) throws InterruptedException {
        List<Thread> threads = new ArrayList<>(jobs.size());
        Thread.Builder builder = Thread.ofPlatform().name("loomy-image-", 0);
        try {
            for (ImageJob job : jobs) {
                threads.add(builder.start(job.submitted()));
            }
        } finally {
            // Even when the OS refuses a thread, the ones already started are waited for.
            for (Thread thread : threads) {
                thread.join();
            }
        }
    }
}
