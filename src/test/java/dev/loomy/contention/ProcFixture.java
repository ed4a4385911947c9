package dev.loomy.contention;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Locale;
import java.util.stream.Stream;

/** A folder laid out as /proc is, whose files a test writes and rewrites between a probe's start and stop. */
final class ProcFixture {

    /** A command name that fools a parser splitting at the first ')' or at spaces (15 bytes, as the kernel allows). */
    static final String TRICKY_COMM = "x) 9 9 (y z) 1";

    final Path root;

    ProcFixture(Path root) {
        this.root = root;
    }

    /**
     * /proc/stat with one line per CPU, each {user, nice, system, idle, iowait, irq, softirq,
     * steal, guest, guest_nice} in ticks, the summary line and the lines that follow as the kernel writes them.
     */
    ProcFixture cpus(long[]... perCpu) {
        long[] total = new long[10];
        StringBuilder lines = new StringBuilder();
        for (int cpu = 0; cpu < perCpu.length; cpu++) {
            lines.append("cpu").append(cpu);
            for (int i = 0; i < 10; i++) {
                lines.append(' ').append(perCpu[cpu][i]);
                total[i] += perCpu[cpu][i];
            }
            lines.append('\n');
        }
        StringBuilder stat = new StringBuilder("cpu ");
        for (long value : total) {
            stat.append(' ').append(value);
        }
        stat.append('\n').append(lines)
                .append("intr 5027622 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 15 0 0\n")
                .append("ctxt 17162205\nbtime 1795635046\nprocesses 151217\nprocs_running 19\nprocs_blocked 0\n")
                .append("softirq 1839581 0 312695 4 107496 249451 0 10 262176 18360 889389\n");
        return write("stat", stat.toString());
    }

    /** /proc/self/stat of a process named {@link #TRICKY_COMM} with these user and system ticks. */
    ProcFixture process(long utime, long stime) {
        return write("self/stat", "4242 (" + TRICKY_COMM + ") S 4200 4242 6961 0 -1 4194304 98 0 0 0 " + utime + " "
                + stime + " 7 3 20 0 31 0 430435 3133440 357 18446744073709551615 1 1 0 0 0 0 0 0 0 0 0 0 17 1 0 0\n");
    }

    /** /proc/self/status, abridged, with this Cpus_allowed_list. */
    ProcFixture allowed(String cpuList) {
        return write("self/status", "Name:\tjava\nState:\tS (sleeping)\nTgid:\t4242\nThreads:\t31\n"
                + "Cpus_allowed:\tff\nCpus_allowed_list:\t" + cpuList + "\nMems_allowed_list:\t0\n");
    }

    ProcFixture pressure(long someTotalMicros) {
        return write("pressure/cpu", "some avg10=86.59 avg60=89.06 avg300=93.38 total=" + someTotalMicros
                + "\nfull avg10=0.00 avg60=0.00 avg300=0.00 total=0\n");
    }

    ProcFixture load(double oneMinute) {
        return write("loadavg", String.format(Locale.ROOT, "%.2f 14.38 13.44 7/974 8580%n", oneMinute));
    }

    /** /proc/self/task/TID/schedstat: run time and run delay in nanoseconds, then time slices. */
    ProcFixture task(int tid, long runNanos, long waitNanos) {
        return write("self/task/" + tid + "/schedstat", runNanos + " " + waitNanos + " 12\n");
    }

    /** A task listed but gone before its schedstat is read: the folder without the file. */
    ProcFixture vanishing(int tid) {
        gone(tid);
        try {
            Files.createDirectories(root.resolve("self/task/" + tid));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** The task has ended: no longer listed. */
    ProcFixture gone(int tid) {
        Path task = root.resolve("self/task/" + tid);
        if (Files.exists(task)) {
            try (Stream<Path> files = Files.walk(task)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return this;
    }

    /** /proc/thread-self: a link to the calling thread's task, as the kernel makes it. */
    ProcFixture threadSelf(int tid) {
        Path link = root.resolve("thread-self");
        try {
            Files.deleteIfExists(link);
            Files.createSymbolicLink(link, Path.of("self/task/" + tid));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** /proc/self/auxv of a 64-bit process with AT_CLKTCK = {@code ticksPerSecond} among other entries. */
    ProcFixture auxv(long ticksPerSecond) {
        ByteBuffer auxv = ByteBuffer.allocate(6 * 16).order(ByteOrder.nativeOrder());
        auxv.putLong(33).putLong(0x7ffd1234000L);  // AT_SYSINFO_EHDR
        auxv.putLong(6).putLong(4096);            // AT_PAGESZ
        auxv.putLong(17).putLong(ticksPerSecond); // AT_CLKTCK
        auxv.putLong(23).putLong(0);              // AT_SECURE
        auxv.putLong(0).putLong(0);               // AT_NULL
        auxv.putLong(17).putLong(1);              // past the end: never read
        return write("self/auxv", auxv.array());
    }

    ProcFixture write(String relative, String text) {
        return write(relative, text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
    }

    private ProcFixture write(String relative, byte[] bytes) {
        try {
            Path file = root.resolve(relative);
            Files.createDirectories(file.getParent());
            Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return this;
    }

    /** One CPU's line: user, nice and system ticks busy, idle ticks idle, the rest zero. */
    static long[] cpu(long user, long nice, long system, long idle) {
        return new long[] {user, nice, system, idle, 0, 0, 0, 0, 0, 0};
    }
}
