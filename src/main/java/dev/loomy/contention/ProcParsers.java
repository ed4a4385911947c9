package dev.loomy.contention;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

/**
 * The proc files' formats, each parsed from its text. What cannot be parsed gives the "absent"
 * value named by each method (never an exception): a kernel may add fields, and a read may be cut
 * at its size limit.
 */
final class ProcParsers {

    /** auxv's key for the clock ticks per second of times(2) and the proc files (USER_HZ). */
    static final long AT_CLKTCK = 17;

    /** The busy fields of a cpuN line, counted from its label: user nice system, irq softirq steal. */
    private static final int[] BUSY_FIELDS = {1, 2, 3, 6, 7, 8};

    private ProcParsers() {
    }

    /**
     * Busy ticks per CPU from {@code /proc/stat}'s {@code cpuN} lines, indexed by N; -1 for a CPU
     * without a line. Busy is user + nice + system + irq + softirq + steal: the time a CPU ran
     * something or, in a virtual machine, was taken by the hypervisor. Guest time is already in
     * user and nice; idle and iowait are not busy. Only whole lines count (a read cut short at
     * its limit loses the CPUs after the cut, which then count neither as busy nor as cores).
     * Null when there is no cpuN line.
     */
    static long[] busyTicksByCpu(String stat) {
        List<long[]> found = new ArrayList<>();
        int maxCpu = -1;
        int start = 0;
        int end;
        while ((end = stat.indexOf('\n', start)) >= 0) {
            String line = stat.substring(start, end);
            start = end + 1;
            if (!line.startsWith("cpu") || line.length() < 4 || !Character.isDigit(line.charAt(3))) {
                continue;
            }
            String[] fields = fields(line);
            long cpu = number(fields[0].substring(3));
            // user nice system idle [iowait irq softirq steal guest guest_nice]: the first four since ever.
            if (cpu < 0 || cpu > 1 << 20 || fields.length < 5) {
                continue;
            }
            long busy = 0;
            for (int i : BUSY_FIELDS) {
                long value = i < fields.length ? number(fields[i]) : 0;
                if (value < 0) {
                    busy = -1;
                    break;
                }
                busy += value;
            }
            if (busy >= 0) {
                found.add(new long[] {cpu, busy});
                maxCpu = Math.max(maxCpu, (int) cpu);
            }
        }
        if (maxCpu < 0) {
            return null;
        }
        long[] byCpu = new long[maxCpu + 1];
        Arrays.fill(byCpu, -1);
        for (long[] cpuBusy : found) {
            byCpu[(int) cpuBusy[0]] = cpuBusy[1];
        }
        return byCpu;
    }

    /**
     * utime + stime in ticks from {@code /proc/<pid>/stat}: the process's user and system time,
     * its ended threads included (not its children's). The second field, the command's name in
     * parentheses, may itself hold spaces and parentheses, so fields are counted from the last
     * ')'. -1 when malformed.
     */
    static long processTicks(String stat) {
        int close = stat.lastIndexOf(')');
        if (close < 0) {
            return -1;
        }
        // After the name: state(3) ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime(14) stime(15).
        String[] fields = fields(stat.substring(close + 1).trim());
        if (fields.length < 13) {
            return -1;
        }
        long user = number(fields[11]);
        long system = number(fields[12]);
        return user < 0 || system < 0 ? -1 : user + system;
    }

    /**
     * The first two figures of a {@code schedstat} file: {run time, run delay} in nanoseconds,
     * the time the task ran on a CPU and the time it was runnable but waited for one. Null when
     * malformed or empty.
     */
    static long[] schedstat(String text) {
        String[] fields = fields(text.trim());
        if (fields.length < 2) {
            return null;
        }
        long run = number(fields[0]);
        long delay = number(fields[1]);
        return run < 0 || delay < 0 ? null : new long[] {run, delay};
    }

    /**
     * The {@code total} of the {@code some} line of {@code /proc/pressure/cpu}: microseconds, since
     * boot, in which at least one runnable task waited for a CPU. -1 when absent.
     */
    static long pressureSomeMicros(String pressure) {
        for (String line : pressure.split("\n")) {
            if (line.startsWith("some ")) {
                for (String field : fields(line)) {
                    if (field.startsWith("total=")) {
                        return number(field.substring(6));
                    }
                }
            }
        }
        return -1;
    }

    /** The one-minute load average, the first figure of {@code /proc/loadavg}; NaN when malformed. */
    static double loadAverage(String loadavg) {
        String[] fields = fields(loadavg.trim());
        if (fields.length == 0) {
            return Double.NaN;
        }
        try {
            double load = Double.parseDouble(fields[0]);
            return load >= 0 && Double.isFinite(load) ? load : Double.NaN;
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * The CPUs of {@code Cpus_allowed_list} in {@code /proc/<pid>/status} ({@code 0-3,8,10-11}):
     * those the task may run on (sched_setaffinity, taskset, a cpuset). Null when absent or malformed.
     */
    static BitSet allowedCpus(String status) {
        for (String line : status.split("\n")) {
            if (!line.startsWith("Cpus_allowed_list:")) {
                continue;
            }
            BitSet cpus = new BitSet();
            for (String range : line.substring("Cpus_allowed_list:".length()).trim().split(",")) {
                int dash = range.indexOf('-');
                long from = number(dash < 0 ? range : range.substring(0, dash));
                long to = dash < 0 ? from : number(range.substring(dash + 1));
                if (from < 0 || to < from || to > 1 << 20) {
                    return null;
                }
                cpus.set((int) from, (int) to + 1);
            }
            return cpus.isEmpty() ? null : cpus;
        }
        return null;
    }

    /**
     * AT_CLKTCK from {@code /proc/self/auxv}, the (key, value) pairs of native words the kernel
     * gave the process at its start; -1 when absent.
     */
    static long clockTicks(byte[] auxv, int wordBytes, ByteOrder order) {
        ByteBuffer words = ByteBuffer.wrap(auxv).order(order);
        while (words.remaining() >= 2 * wordBytes) {
            long key = wordBytes == 8 ? words.getLong() : Integer.toUnsignedLong(words.getInt());
            long value = wordBytes == 8 ? words.getLong() : Integer.toUnsignedLong(words.getInt());
            if (key == 0) {
                return -1; // AT_NULL ends the vector
            }
            if (key == AT_CLKTCK) {
                return value > 0 ? value : -1;
            }
        }
        return -1;
    }

    /** The fields of a line, split at runs of spaces and tabs. */
    static String[] fields(String line) {
        List<String> fields = new ArrayList<>();
        int i = 0;
        int n = line.length();
        while (i < n) {
            while (i < n && isBlank(line.charAt(i))) {
                i++;
            }
            int from = i;
            while (i < n && !isBlank(line.charAt(i))) {
                i++;
            }
            if (i > from) {
                fields.add(line.substring(from, i));
            }
        }
        return fields.toArray(String[]::new);
    }

    private static boolean isBlank(char c) {
        return c == ' ' || c == '\t' || c == '\n';
    }

    /** A non-negative decimal number, or -1 (also on overflow). */
    static long number(String digits) {
        if (digits.isEmpty() || digits.length() > 18) {
            return -1;
        }
        long value = 0;
        for (int i = 0; i < digits.length(); i++) {
            char c = digits.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
            value = value * 10 + (c - '0');
        }
        return value;
    }
}
