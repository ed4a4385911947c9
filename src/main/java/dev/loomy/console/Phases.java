package dev.loomy.console;

import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Where a run's start-up goes: with {@code -Dloomy.phases=true} or {@code LOOMY_PHASES=1} in the
 * environment, each {@link #mark} prints one line on standard error with the wall and CPU time
 * (the whole process, compiler and collector threads included) since the previous mark and since
 * the JVM started. Off by default, when a mark costs one static read.
 */
public final class Phases {

    private static final boolean ON = Boolean.getBoolean("loomy.phases") || "1".equals(System.getenv("LOOMY_PHASES"));
    private static final AtomicBoolean FIRST_IMAGE = new AtomicBoolean();

    private Phases() {
    }

    /** Prints the phase just ended, {@code name}, when phases are asked for. */
    public static void mark(String name) {
        if (ON) {
            Clock.mark(name);
        }
    }

    /** Marks the first image started, once per JVM. */
    public static void firstImage() {
        if (ON && !FIRST_IMAGE.getAndSet(true)) {
            Clock.mark("first image started");
        }
    }

    /** The clocks, set up on the first mark only: the management beans cost a few milliseconds of their own. */
    private static final class Clock {

        private static final long MARKED_AT = System.currentTimeMillis();
        private static final com.sun.management.OperatingSystemMXBean OS =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        private static final long STARTED = ManagementFactory.getRuntimeMXBean().getStartTime();
        private static long lastWall = STARTED;
        private static long lastCpu;

        static {
            // run.sh passes the time it started java at, so that the JVM's own start counts too.
            String launched = System.getProperty("loomy.phases.launched");
            if (launched != null) {
                long at = (long) (Double.parseDouble(launched) * 1000);
                print("launcher to JVM start", STARTED - at, 0, STARTED - at, 0);
            }
            long cpu = OS.getProcessCpuTime() / 1_000_000;
            print("JVM start to main", MARKED_AT - STARTED, cpu, MARKED_AT - STARTED, cpu);
            lastWall = MARKED_AT;
            lastCpu = cpu;
        }

        static synchronized void mark(String name) {
            long wall = System.currentTimeMillis();
            long cpu = OS.getProcessCpuTime() / 1_000_000;
            print(name, wall - lastWall, cpu - lastCpu, wall - STARTED, cpu);
            lastWall = wall;
            lastCpu = cpu;
        }

        private static void print(String name, long wall, long cpu, long wallTotal, long cpuTotal) {
            System.err.printf(Locale.ROOT, "%sphase %-24s wall %5d ms cpu %5d ms  (since JVM start: wall %5d cpu %5d)%n",
                    Console.PREFIX, name, wall, cpu, wallTotal, cpuTotal);
        }
    }
}
