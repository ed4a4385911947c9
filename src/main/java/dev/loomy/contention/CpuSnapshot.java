package dev.loomy.contention;

import java.util.BitSet;
import java.util.function.LongSupplier;

/**
 * The machine's and this process's cumulative CPU counters at one moment: what two of them,
 * at an interval's start and end, make into the interval's CPU figures.
 *
 * @param nanos       the monotonic clock ({@link System#nanoTime})
 * @param busyTicks   busy ticks per CPU ({@link ProcParsers#busyTicksByCpu}), or null
 * @param ownTicks    this process's user + system ticks, or -1
 * @param stallMicros the CPU pressure's {@code some} total, or -1
 */
record CpuSnapshot(long nanos, long[] busyTicks, long ownTicks, long stallMicros) {

    /** /proc/stat holds a line per CPU (and then many more): enough for about a thousand CPUs. */
    static final int STAT_LIMIT = 64 * 1024;
    static final int LINE_LIMIT = 1024;

    static CpuSnapshot read(ProcFiles proc, LongSupplier clock) {
        long nanos = clock.getAsLong();
        String stat = proc.text("stat", STAT_LIMIT);
        String self = proc.text("self/stat", LINE_LIMIT);
        String pressure = proc.text("pressure/cpu", LINE_LIMIT);
        return new CpuSnapshot(nanos,
                stat == null ? null : ProcParsers.busyTicksByCpu(stat),
                self == null ? -1 : ProcParsers.processTicks(self),
                pressure == null ? -1 : ProcParsers.pressureSomeMicros(pressure));
    }

    /** The wall time from this snapshot to {@code end}. */
    long wallNanosUntil(CpuSnapshot end) {
        return Math.max(0, end.nanos - nanos);
    }

    /**
     * {CPUs counted, busy ticks}: over the CPUs in {@code allowed} (all where null) that both
     * snapshots have a line for. Null when none.
     */
    long[] busyUntil(CpuSnapshot end, BitSet allowed) {
        if (busyTicks == null || end.busyTicks == null) {
            return null;
        }
        long cpus = 0;
        long busy = 0;
        for (int cpu = 0; cpu < Math.min(busyTicks.length, end.busyTicks.length); cpu++) {
            boolean counted = allowed == null || allowed.get(cpu);
            if (counted && busyTicks[cpu] >= 0 && end.busyTicks[cpu] >= busyTicks[cpu]) {
                cpus++;
                busy += end.busyTicks[cpu] - busyTicks[cpu];
            }
        }
        return cpus == 0 ? null : new long[] {cpus, busy};
    }

    /** This process's user + system ticks from here to {@code end}, or -1. */
    long ownTicksUntil(CpuSnapshot end) {
        return ownTicks < 0 || end.ownTicks < ownTicks ? -1 : end.ownTicks - ownTicks;
    }

    /** The CPU pressure's stall time from here to {@code end}, in nanoseconds, or -1. */
    long stallNanosUntil(CpuSnapshot end) {
        return stallMicros < 0 || end.stallMicros < stallMicros ? -1 : (end.stallMicros - stallMicros) * 1000;
    }
}
