package dev.loomy.contention;

import java.nio.ByteOrder;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinWorkerThread;
import java.util.concurrent.ThreadFactory;
import java.util.function.LongSupplier;

/**
 * Measures CPU contention over intervals of this JVM's life: {@link #start}, the work, then
 * {@link #stop}, which gives the interval's {@link Contention}. Threads that end during an
 * interval call {@link #sampleThisThread} as they finish their work, so that their waiting is
 * counted although they are gone when the interval ends.
 *
 * <p>One thread starts and stops intervals, one at a time; any thread may sample itself at any
 * moment (outside an interval it costs one volatile read). Files the kernel does not give leave
 * their figures empty; nothing here throws for a missing or odd file.
 */
public final class ContentionProbe {

    private static final int SCHEDSTAT_LIMIT = 128;
    private static final int STATUS_LIMIT = 16 * 1024;
    private static final int AUXV_LIMIT = 4096;
    /** USER_HZ on every architecture Linux runs Java on; used where auxv cannot be read. */
    static final long DEFAULT_CLOCK_TICKS = 100;

    private final ProcFiles proc;
    private final LongSupplier clock;
    private final long clockTicks;
    private volatile Interval current;

    /** An interval under way: its start, the CPUs it counts, its threads. */
    private record Interval(CpuSnapshot start, BitSet allowedCpus, Double loadBefore, ThreadLedger threads) {
    }

    ContentionProbe(ProcFiles proc, LongSupplier clock) {
        this.proc = proc;
        this.clock = clock;
        this.clockTicks = clockTicks(proc);
    }

    /** A probe of this JVM on the running system. */
    public static ContentionProbe system() {
        return of(ProcFiles.system());
    }

    /** A probe reading {@code proc} (a folder laid out as /proc: tests), timed by {@link System#nanoTime}. */
    public static ContentionProbe of(ProcFiles proc) {
        return new ContentionProbe(proc, System::nanoTime);
    }

    /**
     * The ticks per second of /proc/stat and /proc/self/stat: AT_CLKTCK, which the kernel hands
     * every process in its auxiliary vector (what {@code getconf CLK_TCK} prints), else 100.
     */
    public long clockTicksPerSecond() {
        return clockTicks;
    }

    /** Starts an interval. */
    public void start() {
        if (current != null) {
            throw new IllegalStateException("an interval is already under way");
        }
        // The threads first: their figures are not divided by the wall time, the CPU counters are.
        ThreadLedger threads = ThreadLedger.open(tids(), this::readTask);
        Double load = loadAverage();
        String status = proc.text("self/status", STATUS_LIMIT);
        BitSet allowed = status == null ? null : ProcParsers.allowedCpus(status);
        current = new Interval(CpuSnapshot.read(proc, clock), allowed, load, threads);
    }

    /** Whether an interval is under way. */
    public boolean running() {
        return current != null;
    }

    /**
     * Records the calling platform thread's run time and wait so far into the interval under
     * way, if any: call it where a thread that may end before the interval does finishes its
     * work. A later sample or the interval's end supersedes it; a thread counts once. On a
     * virtual thread it does nothing: what runs is its carrier, a pool thread that the end of
     * the interval reads (and a file read from a virtual thread may make the scheduler add a
     * carrier).
     */
    public void sampleThisThread() {
        Interval interval = current;
        if (interval == null || interval.threads == null || Thread.currentThread().isVirtual()) {
            return;
        }
        String tid = proc.linkName("thread-self");
        if (tid != null) {
            interval.threads.sample(tid, () -> schedstat("thread-self/schedstat"));
        }
    }

    /**
     * {@code factory}'s threads, each sampling itself ({@link #sampleThisThread}) as it ends,
     * after its task: for the threads of a pool or of one image that end with the run, before
     * {@link #stop} could list them.
     */
    public ThreadFactory samplingAtEnd(ThreadFactory factory) {
        return task -> factory.newThread(() -> {
            try {
                task.run();
            } finally {
                sampleThisThread();
            }
        });
    }

    /** ForkJoinPool workers (as the pool's default factory makes them) that sample themselves as they end. */
    public ForkJoinPool.ForkJoinWorkerThreadFactory samplingForkJoinWorkers() {
        return pool -> new ForkJoinWorkerThread(pool) {
            @Override
            protected void onTermination(Throwable exception) {
                try {
                    sampleThisThread();
                } finally {
                    super.onTermination(exception);
                }
            }
        };
    }

    /** Ends the interval under way and gives what it measured. */
    public Contention stop() {
        Interval interval = current;
        if (interval == null) {
            throw new IllegalStateException("no interval under way");
        }
        current = null;
        CpuSnapshot end = CpuSnapshot.read(proc, clock);
        Double loadAfter = loadAverage();
        ThreadLedger.Totals threads = interval.threads == null ? null : interval.threads.close(tids(), this::readTask);

        CpuSnapshot start = interval.start;
        long wall = start.wallNanosUntil(end);
        long[] busy = start.busyUntil(end, interval.allowedCpus);
        long own = start.ownTicksUntil(end);
        long stall = start.stallNanosUntil(end);
        return new Contention(1, wall,
                busy == null ? null : busy[0] * wall,
                busy == null ? null : nanos(busy[1]),
                own < 0 ? null : nanos(own),
                threads == null ? null : threads.runNanos(),
                threads == null ? null : threads.waitNanos(),
                stall < 0 ? null : stall,
                interval.loadBefore, loadAfter);
    }

    private List<String> tids() {
        List<String> tids = proc.list("self/task");
        return tids == null ? List.of() : tids;
    }

    private long[] readTask(String tid) {
        return schedstat("self/task/" + tid + "/schedstat");
    }

    private long[] schedstat(String path) {
        String text = proc.text(path, SCHEDSTAT_LIMIT);
        return text == null ? null : ProcParsers.schedstat(text);
    }

    private Double loadAverage() {
        String text = proc.text("loadavg", SCHEDSTAT_LIMIT);
        double load = text == null ? Double.NaN : ProcParsers.loadAverage(text);
        return Double.isNaN(load) ? null : load;
    }

    private long nanos(long ticks) {
        return ticks * 1_000_000_000L / clockTicks;
    }

    private static long clockTicks(ProcFiles proc) {
        byte[] auxv = proc.bytes("self/auxv", AUXV_LIMIT);
        // auxv is made of the process's native words: 4 bytes in a 32-bit JVM.
        int word = "32".equals(System.getProperty("sun.arch.data.model")) ? 4 : 8;
        long ticks = auxv == null ? -1 : ProcParsers.clockTicks(auxv, word, ByteOrder.nativeOrder());
        return ticks > 0 ? ticks : DEFAULT_CLOCK_TICKS;
    }
}
