package dev.loomy.strategy;

import java.util.concurrent.Semaphore;

/**
 * One new platform thread per image, started in order; at most {@link #liveThreads} of them
 * alive at once, a new one started as one ends.
 *
 * <p>Why the bound: a platform thread holds about 64 KB of memory (its stack's touched pages and
 * the JVM's own structures for it) whether it works or only waits for admission. Started all at
 * once, 10,000 images waiting for ALTMRetinex's few places in flight took 0.9 GB (measured, peak
 * RSS: 222 MB for 100 images), against {@code --max-in-flight}'s promise. The bound is far above
 * what the cores can run, so that images waiting out {@code --io-latency} still overlap.
 */
public final class ThreadsStrategy implements Strategy {

    /** Live threads per unit of parallelism (per core, by default). */
    static final int LIVE_PER_CARRIER = 64;

    @Override
    public String name() {
        return "threads";
    }

    @Override
    public String description() {
        return "one platform thread per image";
    }

    /** How many of its threads may be alive at once. */
    static int liveThreads(int parallelism) {
        return Math.max(1, parallelism) * LIVE_PER_CARRIER;
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        int places = liveThreads(parallelism);
        Semaphore live = new Semaphore(places);
        Thread.Builder builder = Thread.ofPlatform().name("loomy-image-", 0);
        try {
            for (ImageJob job = jobs.next(); job != null && !job.stopping(); job = jobs.next()) {
                ImageJob ready = job.submitted();
                live.acquire();
                try {
                    builder.start(() -> {
                        try {
                            ready.run();
                        } finally {
                            live.release();
                        }
                    });
                } catch (Throwable e) {
                    live.release();
                    throw e;
                }
            }
        } finally {
            // Even when the OS refuses a thread, or a stop interrupts the wait for a place, the
            // threads already started are waited for: each gives its place back as it ends. No
            // list of them is kept: finished Thread objects held to the end of the run kept about 5 KB of
            // heap each (their thread-locals, the I/O buffer cache among them), 50 MB over 10,000 images.
            if (!live.tryAcquire(places)) {
                live.acquire(places);
            }
        }
    }
}
