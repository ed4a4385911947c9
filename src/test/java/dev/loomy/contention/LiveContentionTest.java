package dev.loomy.contention;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import com.sun.management.OperatingSystemMXBean;

/**
 * The probe on this machine's own /proc, with threads of this JVM made busy. The machine may be
 * loaded by others meanwhile: the assertions are relations that hold whatever they do.
 */
class LiveContentionTest {

    private static final boolean LINUX_PROC = Files.isReadable(Path.of("/proc/self/stat"));
    private static final long MS = 1_000_000L;

    @Test
    void thisJvmsOwnBusyThreadsAreNotCountedAsOthers() throws Exception {
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        ContentionProbe probe = ContentionProbe.system();
        long jvmBefore = os.getProcessCpuTime();
        probe.start();
        // Two threads spin until each has had 100 ms of CPU (or 20 s have passed, on a machine very busy).
        long spun = spin(2, 100 * MS, null);
        Contention c = probe.stop();
        long jvm = os.getProcessCpuTime() - jvmBefore;

        if (!LINUX_PROC) {
            assertThat(c.anyMeasured()).isFalse();
            return;
        }
        long tick = 1_000_000_000L / probe.clockTicksPerSecond();
        assertThat(spun).isGreaterThan(150 * MS);
        // This process's time, read in ticks from /proc/self/stat, is the JVM's own account of it ...
        assertThat(c.ownCpuNanos()).isBetween(Math.round(jvm * 0.9) - 4 * tick, Math.round(jvm * 1.1) + 4 * tick);
        // ... it holds the spinners' time, and it is part of the machine's busy time.
        assertThat(c.ownCpuNanos()).isGreaterThanOrEqualTo(spun - 4 * tick);
        assertThat(c.cpuBusyNanos()).isGreaterThanOrEqualTo(c.ownCpuNanos() - 4 * tick);
        assertThat(c.cpuBusyNanos()).isLessThanOrEqualTo(c.cpuCapacityNanos() + 4 * tick);
        assertThat(c.cpuCapacityNanos()).isGreaterThanOrEqualTo(c.wallNanos() * Runtime.getRuntime().availableProcessors());
        // Others took at most what was busy less the spinners' time.
        long othersAtMost = Math.max(0, c.cpuBusyNanos() - spun) + 4 * tick;
        assertThat(c.otherCpuPct().getAsDouble()).isLessThanOrEqualTo(100.0 * othersAtMost / c.cpuCapacityNanos());
        assertThat(c.loadBefore()).isNotNull();
        assertThat(c.loadAfter()).isNotNull();
        if (Files.isReadable(Path.of("/proc/pressure/cpu"))) {
            assertThat(c.cpuPressurePct()).isPresent();
        }
    }

    @Test
    void threadsSpinningBeyondTheCoresWaitAndEndedThreadsAreCounted() throws Exception {
        ContentionProbe probe = ContentionProbe.system();
        int threads = 2 * Runtime.getRuntime().availableProcessors();
        probe.start();
        // Each thread samples itself where its work ends, then ends, before the interval does.
        long spun = spin(threads, 50 * MS, probe);
        Contention c = probe.stop();

        if (!LINUX_PROC || !Files.isReadable(Path.of("/proc/thread-self/schedstat"))) {
            assertThat(c.cpuWaitPct()).isEmpty();
            return;
        }
        // Without the ended threads' own samples their run time would be lost.
        assertThat(c.threadRunNanos()).isGreaterThanOrEqualTo(spun * 9 / 10);
        // Twice as many spinning threads as cores: each waits about half its time, other programs aside.
        assertThat(c.threadWaitNanos()).isPositive();
        assertThat(c.cpuWaitPct().getAsDouble()).isGreaterThan(5.0);
    }

    /**
     * Starts {@code count} platform threads together, each spinning until it has had {@code
     * cpuNanos} of CPU (or 20 s have passed), then sampling itself into {@code sampling} (when not
     * null) and ending; waits until every one has ended, and gives the CPU time they had.
     */
    private static long spin(int count, long cpuNanos, ContentionProbe sampling) throws Exception {
        CountDownLatch go = new CountDownLatch(1);
        List<FutureTask<Long>> spinners = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            FutureTask<Long> spinner = new FutureTask<>(() -> {
                go.await();
                long deadline = System.nanoTime() + 20_000 * MS;
                var bean = ManagementFactory.getThreadMXBean();
                long x = 42;
                while (bean.getCurrentThreadCpuTime() < cpuNanos && System.nanoTime() < deadline) {
                    for (int j = 0; j < 100_000; j++) {
                        x = x * 6364136223846793005L + 1442695040888963407L;
                    }
                }
                long used = bean.getCurrentThreadCpuTime() + (x == 0 ? 1 : 0);
                if (sampling != null) {
                    sampling.sampleThisThread();
                }
                return used;
            });
            spinners.add(spinner);
            threads.add(Thread.ofPlatform().start(spinner));
        }
        go.countDown();
        long used = 0;
        for (int i = 0; i < count; i++) {
            used += spinners.get(i).get(60, TimeUnit.SECONDS);
            assertThat(threads.get(i).join(Duration.ofSeconds(10))).isTrue();
        }
        return used;
    }
}
