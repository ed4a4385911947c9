package dev.loomy.contention;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.BitSet;

import org.junit.jupiter.api.Test;

class ProcParsersTest {

    /** A 4-CPU machine's /proc/stat (Linux 6.x): busy is user + nice + system + irq + softirq + steal. */
    private static final String STAT = """
            cpu  765952 20513 84374 74083 1533 0 937 3610 0 0
            cpu0 382260 8940 41013 41239 185 0 99 1746 0 0
            cpu1 383692 11573 43360 32843 1347 0 838 1863 0 0
            cpu3 10 20 30 40 50 60 70 80 90 100
            cpu2 1 2 3 4 5 6 7 8 9 10
            intr 5027622 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 15 0 0 0 0 951 276 0
            ctxt 17162205
            btime 1795635046
            processes 151217
            procs_running 19
            procs_blocked 0
            softirq 1839581 0 312695 4 107496 249451 0 10 262176 18360 889389
            """;

    @Test
    void busyTicksPerCpuLeaveOutIdleIowaitAndGuestTime() {
        long[] busy = ProcParsers.busyTicksByCpu(STAT);
        assertThat(busy).containsExactly(
                382260 + 8940 + 41013 + 0 + 99 + 1746,
                383692 + 11573 + 43360 + 0 + 838 + 1863,
                1 + 2 + 3 + 6 + 7 + 8,
                10 + 20 + 30 + 60 + 70 + 80);
    }

    @Test
    void aLineCutAtTheReadLimitIsLeftOutAndOldKernelsShortLinesCount() {
        // An old kernel's four fields (no iowait, irq, softirq, steal); the last line cut short by the read's limit.
        String stat = "cpu  9 9 9 9\ncpu0 5 6 7 100\ncpu1 383692 11573 433";
        assertThat(ProcParsers.busyTicksByCpu(stat)).containsExactly(18);
        assertThat(ProcParsers.busyTicksByCpu("cpu  1 2 3 4 5 6 7 8 9 10\n")).isNull();
        assertThat(ProcParsers.busyTicksByCpu("")).isNull();
    }

    @Test
    void processTicksAreCountedAfterTheLastParenthesisOfTheName() {
        String stat = "4242 (" + ProcFixture.TRICKY_COMM + ") S 4200 4242 6961 0 -1 4194304 98 0 0 0 1234 567 7 3 20 0 31 0\n";
        // Counted from the first ')', the fields would be off by four (flags and minflt taken for the times).
        assertThat(ProcParsers.processTicks(stat)).isEqualTo(1234 + 567);
        assertThat(ProcParsers.processTicks("4242 (java) S 1 2 3")).isEqualTo(-1);
        assertThat(ProcParsers.processTicks("garbage")).isEqualTo(-1);
        assertThat(ProcParsers.processTicks("1 (a) S 1 1 1 0 -1 0 0 0 0 0 x 5 0 0")).isEqualTo(-1);
    }

    @Test
    void schedstatGivesRunTimeAndRunDelay() {
        assertThat(ProcParsers.schedstat("1570421 3042659 2\n")).containsExactly(1570421, 3042659);
        assertThat(ProcParsers.schedstat("")).isNull();
        assertThat(ProcParsers.schedstat("12\n")).isNull();
        assertThat(ProcParsers.schedstat("a b c\n")).isNull();
    }

    @Test
    void pressureGivesTheSomeLinesTotal() {
        String psi = "some avg10=86.59 avg60=89.06 avg300=93.38 total=3507497833\n"
                + "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n";
        assertThat(ProcParsers.pressureSomeMicros(psi)).isEqualTo(3507497833L);
        assertThat(ProcParsers.pressureSomeMicros("full avg10=0.00 avg60=0.00 avg300=0.00 total=9\n")).isEqualTo(-1);
        assertThat(ProcParsers.pressureSomeMicros("some avg10=1.00\n")).isEqualTo(-1);
    }

    @Test
    void loadAverageIsTheFirstFigure() {
        assertThat(ProcParsers.loadAverage("12.25 14.38 13.44 7/974 8580\n")).isEqualTo(12.25);
        assertThat(ProcParsers.loadAverage("")).isNaN();
        assertThat(ProcParsers.loadAverage("x 1 2\n")).isNaN();
    }

    @Test
    void allowedCpusReadTheListOfRanges() {
        BitSet cpus = ProcParsers.allowedCpus("Name:\tjava\nCpus_allowed:\t3\nCpus_allowed_list:\t0,2-4,7\nMems_allowed_list:\t0\n");
        assertThat(cpus.stream()).containsExactly(0, 2, 3, 4, 7);
        assertThat(ProcParsers.allowedCpus("Cpus_allowed_list:\t0-1\n").cardinality()).isEqualTo(2);
        assertThat(ProcParsers.allowedCpus("Name:\tjava\n")).isNull();
        assertThat(ProcParsers.allowedCpus("Cpus_allowed_list:\t3-1\n")).isNull();
    }

    @Test
    void clockTicksComeFromTheAuxiliaryVector() {
        ByteBuffer words64 = ByteBuffer.allocate(64).order(ByteOrder.LITTLE_ENDIAN);
        words64.putLong(6).putLong(4096).putLong(17).putLong(250).putLong(0).putLong(0);
        assertThat(ProcParsers.clockTicks(words64.array(), 8, ByteOrder.LITTLE_ENDIAN)).isEqualTo(250);

        ByteBuffer words32 = ByteBuffer.allocate(32).order(ByteOrder.BIG_ENDIAN);
        words32.putInt(6).putInt(4096).putInt(17).putInt(1024).putInt(0).putInt(0);
        assertThat(ProcParsers.clockTicks(words32.array(), 4, ByteOrder.BIG_ENDIAN)).isEqualTo(1024);

        // AT_NULL ends the vector: what follows it is not read.
        ByteBuffer ended = ByteBuffer.allocate(48).order(ByteOrder.LITTLE_ENDIAN);
        ended.putLong(6).putLong(4096).putLong(0).putLong(0).putLong(17).putLong(100);
        assertThat(ProcParsers.clockTicks(ended.array(), 8, ByteOrder.LITTLE_ENDIAN)).isEqualTo(-1);
        assertThat(ProcParsers.clockTicks(new byte[5], 8, ByteOrder.LITTLE_ENDIAN)).isEqualTo(-1);
    }
}
