package dev.loomy.contention;

import static dev.loomy.contention.ProcFixture.cpu;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The probe over fixture files rewritten between its start and stop, on a clock the test moves. */
class ContentionProbeTest {

    private static final long SECOND = 1_000_000_000L;

    @TempDir
    Path dir;
    private ProcFixture proc;
    private final AtomicLong clock = new AtomicLong(5 * SECOND);

    @BeforeEach
    void machine() {
        proc = new ProcFixture(dir).auxv(100).allowed("0-1")
                .cpus(cpu(1000, 50, 200, 5000), cpu(2000, 0, 300, 4000))
                .process(400, 100).pressure(7_000_000).load(3.5)
                .task(100, 10 * SECOND, SECOND).task(101, SECOND, 0);
    }

    private ContentionProbe probe() {
        return new ContentionProbe(ProcFiles.at(dir), clock::get);
    }

    @Test
    void otherCpuIsTheMachinesBusyTimeLessThisProcesssOverCpusTimesWall() {
        ContentionProbe probe = probe();
        probe.start();
        // One second on two CPUs: 150 busy ticks of 200 (guest time, within user, and iowait are no more busy
        // time), 50 of them this process's (30 user, 20 system).
        proc.cpus(new long[] {1060, 50, 220, 5010, 7, 0, 0, 0, 40, 0}, new long[] {2050, 0, 300, 4040, 3, 6, 4, 10, 0, 0})
                .process(430, 120);
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        assertThat(c.wallNanos()).isEqualTo(SECOND);
        assertThat(c.cpuCapacityNanos()).isEqualTo(2 * SECOND);
        assertThat(c.cpuBusyNanos()).isEqualTo(1_500_000_000L);
        assertThat(c.ownCpuNanos()).isEqualTo(500_000_000L);
        assertThat(c.otherCpuPct()).hasValue(50.0);
    }

    @Test
    void onlyTheCpusThisProcessMayRunOnCount() {
        proc.allowed("1");
        ContentionProbe probe = probe();
        probe.start();
        proc.cpus(cpu(1100, 50, 200, 4900), cpu(2040, 0, 320, 4040)).process(410, 100);
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        // CPU 0's 100 busy ticks are no concern of a process that may not run there.
        assertThat(c.cpuCapacityNanos()).isEqualTo(SECOND);
        assertThat(c.cpuBusyNanos()).isEqualTo(600_000_000L);
        assertThat(c.otherCpuPct()).hasValue(50.0);
    }

    @Test
    void ticksAreConvertedAtTheRateTheKernelGaveInTheAuxiliaryVector() {
        proc.auxv(250);
        ContentionProbe probe = probe();
        assertThat(probe.clockTicksPerSecond()).isEqualTo(250);
        probe.start();
        proc.cpus(cpu(1250, 50, 200, 5000), cpu(2000, 0, 300, 4250)).process(500, 100);
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        assertThat(c.cpuBusyNanos()).isEqualTo(SECOND);
        assertThat(c.ownCpuNanos()).isEqualTo(400_000_000L);
        assertThat(c.otherCpuPct()).hasValue(30.0);
    }

    @Test
    void withoutAnAuxiliaryVectorTicksAreHundredths() {
        proc.write("self/auxv", "");
        assertThat(probe().clockTicksPerSecond()).isEqualTo(100);
    }

    @Test
    void pressureIsTheStallTimeOverTheWallTimeAndTheLoadIsReadAtBothEnds() {
        ContentionProbe probe = probe();
        probe.start();
        proc.pressure(7_000_000 + 1_500_000).load(7.25);
        clock.addAndGet(2 * SECOND);
        Contention c = probe.stop();

        assertThat(c.cpuStallNanos()).isEqualTo(1_500_000_000L);
        assertThat(c.cpuPressurePct()).hasValue(75.0);
        assertThat(c.loadBefore()).isEqualTo(3.5);
        assertThat(c.loadAfter()).isEqualTo(7.25);
    }

    @Test
    void threadsThatEndDuringTheIntervalCountByTheirLastSampleOfThemselves() {
        ContentionProbe probe = probe();
        probe.start();
        // 102 is born and ends within the interval; 101 ends after sampling itself; 100 lives on.
        proc.task(102, 50, 5).threadSelf(102);
        probe.sampleThisThread();
        proc.gone(102);
        proc.task(101, SECOND + 300, 40).threadSelf(101);
        probe.sampleThisThread();
        proc.task(101, SECOND + 999, 999).gone(101); // ran on after its sample: that is not seen
        proc.task(100, 10 * SECOND + 400, SECOND + 60);
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        assertThat(c.threadRunNanos()).isEqualTo(400 + 300 + 50);
        assertThat(c.threadWaitNanos()).isEqualTo(60 + 40 + 5);
        assertThat(c.cpuWaitPct().getAsDouble()).isCloseTo(100.0 * 105 / (750 + 105), within(1e-9));
    }

    @Test
    void poolThreadsMadeToSampleThemselvesAreCountedAfterTheyEnd() throws Exception {
        ContentionProbe probe = probe();
        probe.start();
        // Each pool's one thread runs a task, then ends: the thread-self link stands for it.
        proc.task(107, 0, 0).threadSelf(107);
        Thread thread = probe.samplingAtEnd(Thread.ofPlatform().factory()).newThread(() -> proc.task(107, 300, 30));
        thread.start();
        thread.join();
        proc.gone(107).task(108, 0, 0).threadSelf(108);
        try (ForkJoinPool pool = new ForkJoinPool(1, probe.samplingForkJoinWorkers(), null, false)) {
            pool.submit(() -> proc.task(108, 500, 50)).get();
        }
        proc.gone(108);
        Contention c = probe.stop();

        assertThat(c.threadRunNanos()).isEqualTo(300 + 500);
        assertThat(c.threadWaitNanos()).isEqualTo(30 + 50);
    }

    @Test
    void aThreadSampledAndStillThereAtTheEndCountsOnce() {
        ContentionProbe probe = probe();
        probe.start();
        proc.task(100, 10 * SECOND + 100, SECOND + 10).threadSelf(100);
        probe.sampleThisThread();
        probe.sampleThisThread();
        proc.task(100, 10 * SECOND + 400, SECOND + 60);
        Contention c = probe.stop();

        assertThat(c.threadRunNanos()).isEqualTo(400);
        assertThat(c.threadWaitNanos()).isEqualTo(60);
    }

    @Test
    void aThreadIdTakenByANewThreadCountsBothThreads() {
        ContentionProbe probe = probe();
        probe.start();
        // 100 samples itself and ends; a new thread gets its id and has run less when the interval ends.
        proc.task(100, 10 * SECOND + 500, SECOND + 50).threadSelf(100);
        probe.sampleThisThread();
        proc.task(100, 70, 7);
        Contention c = probe.stop();

        assertThat(c.threadRunNanos()).isEqualTo(500 + 70);
        assertThat(c.threadWaitNanos()).isEqualTo(50 + 7);
    }

    @Test
    void aTaskThatVanishesBetweenListingAndReadingIsNoError() {
        ContentionProbe probe = probe();
        proc.vanishing(103);
        probe.start();
        proc.task(100, 10 * SECOND + 400, SECOND + 60).vanishing(101).write("self/task/104/schedstat", "garbage\n");
        Contention c = probe.stop();

        assertThat(c.threadRunNanos()).isEqualTo(400);
        assertThat(c.threadWaitNanos()).isEqualTo(60);
    }

    @Test
    void aVirtualThreadsSampleIsNotRecorded() throws Exception {
        ContentionProbe probe = probe();
        proc.task(105, 900, 90).threadSelf(105);
        probe.sampleThisThread(); // outside an interval: nothing to record into, and no error
        probe.start();
        proc.task(105, 1000, 100);
        Thread.ofVirtual().start(probe::sampleThisThread).join();
        proc.gone(105);
        Contention c = probe.stop();

        // 105 was there at the start and ended with no sample of a platform thread: none of its time is seen.
        assertThat(c.threadRunNanos()).isZero();
        assertThat(c.threadWaitNanos()).isZero();
        assertThat(c.cpuWaitPct()).isEmpty();
    }

    @Test
    void withoutTheFilesEveryFigureIsAbsentNotZero() {
        ContentionProbe probe = new ContentionProbe(ProcFiles.at(dir.resolve("nothing-here")), clock::get);
        probe.start();
        probe.sampleThisThread();
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        assertThat(c.wallNanos()).isEqualTo(SECOND);
        assertThat(c).isEqualTo(Contention.unmeasured(SECOND));
        assertThat(c.otherCpuPct()).isEmpty();
        assertThat(c.cpuWaitPct()).isEmpty();
        assertThat(c.cpuPressurePct()).isEmpty();
        assertThat(c.anyMeasured()).isFalse();
    }

    @Test
    void eachFigureNeedsOnlyItsOwnFiles() {
        proc.write("pressure/cpu", "").gone(100).gone(101).write("self/stat", "4242 (java) S 1\n");
        ContentionProbe probe = probe();
        probe.start();
        clock.addAndGet(SECOND);
        Contention c = probe.stop();

        // /proc/stat without a readable own time: the machine's busy time but no other_cpu_pct.
        assertThat(c.cpuBusyNanos()).isZero();
        assertThat(c.ownCpuNanos()).isNull();
        assertThat(c.otherCpuPct()).isEmpty();
        assertThat(c.threadRunNanos()).isNull();
        assertThat(c.cpuStallNanos()).isNull();
        assertThat(c.loadBefore()).isEqualTo(3.5);
    }

    @Test
    void anIntervalStartsOnceAndStopsOnce() {
        ContentionProbe probe = probe();
        assertThatThrownBy(probe::stop).isInstanceOf(IllegalStateException.class);
        probe.start();
        assertThat(probe.running()).isTrue();
        assertThatThrownBy(probe::start).isInstanceOf(IllegalStateException.class);
        probe.stop();
        assertThat(probe.running()).isFalse();
    }
}
