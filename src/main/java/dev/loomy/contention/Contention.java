package dev.loomy.contention;

import java.util.OptionalDouble;

/**
 * What {@link ContentionProbe} measured over one interval, or over several summed with {@link
 * #plus}: raw times, from which the percentages are derived, so that a sum of intervals gives the
 * percentages of the whole (not an average of percentages). A component is null where the
 * kernel did not give its file in every interval summed; the percentages are then empty. See the
 * package's documentation for what each figure covers.
 *
 * @param intervals        how many intervals were summed (0: none, the identity of {@link #plus})
 * @param wallNanos        their wall time
 * @param cpuCapacityNanos the CPU time the CPUs this JVM may run on offered: CPUs x wall time
 * @param cpuBusyNanos     the busy time of those CPUs, everyone's (this JVM's too) and the hypervisor's (steal)
 * @param ownCpuNanos      this JVM's user and system time, its ended threads included
 * @param threadRunNanos   the time this JVM's threads ran on a CPU ({@code schedstat}'s run time)
 * @param threadWaitNanos  the time they were ready to run but waited for a CPU ({@code schedstat}'s run delay)
 * @param cpuStallNanos    the time in which at least one runnable task of the system waited for a
 *                         CPU ({@code /proc/pressure/cpu}, {@code some})
 * @param loadBefore       the one-minute load average at the start of the first interval
 * @param loadAfter        the one-minute load average at the end of the last interval
 */
public record Contention(int intervals, long wallNanos, Long cpuCapacityNanos, Long cpuBusyNanos, Long ownCpuNanos,
                         Long threadRunNanos, Long threadWaitNanos, Long cpuStallNanos,
                         Double loadBefore, Double loadAfter) {

    /** Nothing measured, over no interval: what {@link #plus} starts from. */
    public static final Contention NONE = unmeasured(0).withIntervals(0);

    public Contention {
        if (intervals < 0 || wallNanos < 0) {
            throw new IllegalArgumentException("intervals " + intervals + ", wall " + wallNanos + " ns");
        }
    }

    /** One interval of {@code wallNanos} where nothing could be measured (no proc files, or an engine that does not measure). */
    public static Contention unmeasured(long wallNanos) {
        return new Contention(1, wallNanos, null, null, null, null, null, null, null, null);
    }

    /**
     * This interval (or sum) followed by {@code later}: times added, a figure kept only where both
     * have it; the load before from this, the load after from {@code later}.
     */
    public Contention plus(Contention later) {
        if (intervals == 0) {
            return later;
        }
        if (later.intervals == 0) {
            return this;
        }
        return new Contention(intervals + later.intervals, wallNanos + later.wallNanos,
                sum(cpuCapacityNanos, later.cpuCapacityNanos), sum(cpuBusyNanos, later.cpuBusyNanos),
                sum(ownCpuNanos, later.ownCpuNanos), sum(threadRunNanos, later.threadRunNanos),
                sum(threadWaitNanos, later.threadWaitNanos), sum(cpuStallNanos, later.cpuStallNanos),
                loadBefore, later.loadAfter);
    }

    /** The intervals summed in their order; {@link #NONE} for none. */
    public static Contention sum(Iterable<Contention> intervals) {
        Contention total = NONE;
        for (Contention interval : intervals) {
            total = total.plus(interval);
        }
        return total;
    }

    /**
     * other_cpu_pct: the share, in percent, of the CPU time of the CPUs this JVM may run on that
     * other processes and the hypervisor took: (busy - own) / (CPUs x wall). Tick rounding can
     * make the difference slightly negative on an idle machine: it is shown as 0.
     */
    public OptionalDouble otherCpuPct() {
        if (cpuCapacityNanos == null || cpuBusyNanos == null || ownCpuNanos == null || cpuCapacityNanos <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(percent(cpuBusyNanos - ownCpuNanos, cpuCapacityNanos));
    }

    /** cpu_wait_pct: the share, in percent, of this JVM's thread time spent waiting for a CPU: wait / (run + wait). */
    public OptionalDouble cpuWaitPct() {
        if (threadRunNanos == null || threadWaitNanos == null || threadRunNanos + threadWaitNanos <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(percent(threadWaitNanos, threadRunNanos + threadWaitNanos));
    }

    /** cpu_pressure_pct: the share, in percent, of the wall time in which some task of the system waited for a CPU. */
    public OptionalDouble cpuPressurePct() {
        if (cpuStallNanos == null || wallNanos <= 0) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(percent(cpuStallNanos, wallNanos));
    }

    /** Whether any of the three figures was measured (false: contention could not be measured here). */
    public boolean anyMeasured() {
        return otherCpuPct().isPresent() || cpuWaitPct().isPresent() || cpuPressurePct().isPresent();
    }

    private Contention withIntervals(int count) {
        return new Contention(count, wallNanos, cpuCapacityNanos, cpuBusyNanos, ownCpuNanos, threadRunNanos,
                threadWaitNanos, cpuStallNanos, loadBefore, loadAfter);
    }

    private static Long sum(Long a, Long b) {
        return a == null || b == null ? null : a + b;
    }

    /** part / whole in percent, within 0 to 100: the two are read at slightly different moments. */
    private static double percent(long part, long whole) {
        return Math.clamp(100.0 * part / whole, 0.0, 100.0);
    }
}
