package dev.loomy.contention;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Run time and run delay of a process's threads over one interval, from {@code schedstat}
 * observations keyed by thread id: every task listed at the start (its baseline), the samples
 * threads take of themselves (their last figures, kept when they end before the interval
 * does), and every task listed at the end. Each thread counts once: its last observation less
 * its baseline (zero for a thread born during the interval).
 *
 * <p>Observations of one thread id are read and recorded under that id's lock, so they are in
 * the order they were read; since a thread's figures only grow, an observation below the last
 * one means the id now belongs to a new thread (ids are reused): the ended thread's time is set
 * aside and the new one counted from zero. Samples are taken until the end's listing has been
 * read: a thread that samples itself as it ends is either still there when the end reads it,
 * or it sampled itself before it went.
 */
final class ThreadLedger {

    /** One thread's figures at the start (zero for one born since) and at its last observation; immutable, so read whole. */
    private record Task(long baseRun, long baseWait, long lastRun, long lastWait) {
    }

    private final ConcurrentHashMap<String, Task> tasks = new ConcurrentHashMap<>();
    private final AtomicLong endedRun = new AtomicLong();
    private final AtomicLong endedWait = new AtomicLong();
    private volatile boolean closed;

    /** Totals over the interval: {run, wait} in nanoseconds. */
    record Totals(long runNanos, long waitNanos) {
    }

    /**
     * A ledger whose baselines are the threads {@code tids} as {@code read} gives them (null for
     * one that ended meanwhile); null when no thread could be read (no schedstat on this kernel).
     */
    static ThreadLedger open(List<String> tids, Function<String, long[]> read) {
        ThreadLedger ledger = new ThreadLedger();
        for (String tid : tids) {
            long[] figures = read.apply(tid);
            if (figures != null) {
                ledger.tasks.put(tid, new Task(figures[0], figures[1], figures[0], figures[1]));
            }
        }
        return ledger.tasks.isEmpty() ? null : ledger;
    }

    /** A thread's sample of itself, read by {@code read} in order with the others of {@code tid}; ignored once closed. */
    void sample(String tid, Supplier<long[]> read) {
        if (!closed) {
            record(tid, read);
        }
    }

    /** Records the threads listed at the end, closes the ledger to samples, and gives the totals. */
    Totals close(List<String> tids, Function<String, long[]> read) {
        for (String tid : tids) {
            record(tid, () -> read.apply(tid));
        }
        closed = true;
        long run = endedRun.get();
        long wait = endedWait.get();
        for (Task task : tasks.values()) {
            run += task.lastRun - task.baseRun;
            wait += task.lastWait - task.baseWait;
        }
        return new Totals(run, wait);
    }

    private void record(String tid, Supplier<long[]> read) {
        tasks.compute(tid, (id, task) -> {
            long[] figures = read.get();
            if (figures == null) {
                return task;
            }
            if (task == null) {
                return new Task(0, 0, figures[0], figures[1]);
            }
            if (figures[0] < task.lastRun || figures[1] < task.lastWait) {
                endedRun.addAndGet(task.lastRun - task.baseRun);
                endedWait.addAndGet(task.lastWait - task.baseWait);
                return new Task(0, 0, figures[0], figures[1]);
            }
            return new Task(task.baseRun, task.baseWait, figures[0], figures[1]);
        });
    }
}
