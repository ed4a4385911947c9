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
 * aside and the new one counted from zero.
 */
final class ThreadLedger {

    private static final class Task {
        long baseRun;
        long baseWait;
        long run;
        long wait;
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
                Task task = new Task();
                task.baseRun = task.run = figures[0];
                task.baseWait = task.wait = figures[1];
                ledger.tasks.put(tid, task);
            }
        }
        return ledger.tasks.isEmpty() ? null : ledger;
    }

    /** A thread's sample of itself, read by {@code read} in order with the others of {@code tid}; ignored once closed. */
    void sample(String tid, Supplier<long[]> read) {
        if (!closed) {
            record(tid, read, false);
        }
    }

    /** Closes the ledger to samples, then records the threads listed at the end and gives the totals. */
    Totals close(List<String> tids, Function<String, long[]> read) {
        closed = true;
        for (String tid : tids) {
            record(tid, () -> read.apply(tid), true);
        }
        long run = endedRun.get();
        long wait = endedWait.get();
        for (Task task : tasks.values()) {
            run += task.run - task.baseRun;
            wait += task.wait - task.baseWait;
        }
        return new Totals(run, wait);
    }

    private void record(String tid, Supplier<long[]> read, boolean atEnd) {
        tasks.compute(tid, (id, task) -> {
            // Checked under the id's lock: a sample recorded after the end's reading of its thread would count past the end.
            if (closed && !atEnd) {
                return task;
            }
            long[] figures = read.get();
            if (figures == null) {
                return task;
            }
            if (task == null) {
                task = new Task();
            } else if (figures[0] < task.run || figures[1] < task.wait) {
                endedRun.addAndGet(task.run - task.baseRun);
                endedWait.addAndGet(task.wait - task.baseWait);
                task.baseRun = 0;
                task.baseWait = 0;
            }
            task.run = figures[0];
            task.wait = figures[1];
            return task;
        });
    }
}
