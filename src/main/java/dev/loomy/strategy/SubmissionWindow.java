package dev.loomy.strategy;

import java.util.concurrent.Executor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * At most so many jobs handed over and not yet finished: a strategy submits the next job as an
 * earlier one ends. Handed over all at once, a million images were a million queued tasks or
 * virtual threads (2.7 GB), and the last of them waited for seconds before it even started, which
 * its latency counted. The window is far above what the cores can run and {@code --max-in-flight}
 * admits, so that a run of fewer images than that is handed over all at once, as before, and
 * images that wait out {@code --io-latency} still overlap by thousands. Not far above: an image
 * waiting its turn is a parked virtual thread with its stack in the heap (3-4 KB), and the young
 * generation run.sh gives the JVM must hold the whole window, or each young collection promotes
 * part of it into an old generation the serial collector does not collect while it can grow.
 */
final class SubmissionWindow {

    /** The fewest places, whatever the parallelism. */
    static final int MIN_PLACES = 2048;
    /** Places per unit of parallelism, as the threads strategy's live threads. */
    static final int PER_CARRIER = 64;

    private static final long POLL_MILLIS = 20;

    private final Semaphore places;

    SubmissionWindow(int parallelism) {
        this.places = new Semaphore(size(parallelism));
    }

    /**
     * Hands each job of {@code jobs} to {@code executor} as a place frees, until the jobs end or the run
     * stops: the one submission loop of the strategies that run on an executor, whose close then waits
     * for what was handed over.
     */
    static void submitAll(ImageJobs jobs, int parallelism, Executor executor) throws InterruptedException {
        SubmissionWindow window = new SubmissionWindow(parallelism);
        for (ImageJob job = jobs.next(); job != null && !job.stopping(); job = jobs.next()) {
            Runnable ready = window.enter(job);
            if (ready == null) {
                return;
            }
            executor.execute(ready);
        }
    }

    static int size(int parallelism) {
        return Math.max(MIN_PLACES, PER_CARRIER * Math.max(1, parallelism));
    }

    /**
     * Waits for a place for {@code job} and returns it stamped as submitted, wrapped so that it gives
     * its place back as it ends; null when the run stops while it waits (the job is then not handed over).
     */
    Runnable enter(ImageJob job) throws InterruptedException {
        return enter(job, null);
    }

    /** As {@link #enter(ImageJob)}, in {@code lane}. */
    Runnable enter(ImageJob job, String lane) throws InterruptedException {
        while (!places.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (job.stopping()) {
                return null;
            }
        }
        ImageJob ready = lane == null ? job.submitted() : job.submitted(lane);
        return () -> {
            try {
                ready.run();
            } finally {
                places.release();
            }
        };
    }
}
