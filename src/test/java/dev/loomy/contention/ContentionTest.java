package dev.loomy.contention;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

class ContentionTest {

    private static final long MS = 1_000_000L;

    /** 1 s on 2 CPUs: others took 10% of them; this JVM's threads waited 20% of their time; stalls 30%. */
    private static final Contention QUIET = new Contention(1, 1000 * MS, 2000 * MS, 700 * MS, 500 * MS,
            400 * MS, 100 * MS, 300 * MS, 1.0, 2.0);
    /** 3 s on 2 CPUs: others took 50%; waits 50%; stalls 90%. */
    private static final Contention BUSY = new Contention(1, 3000 * MS, 6000 * MS, 3500 * MS, 500 * MS,
            900 * MS, 900 * MS, 2700 * MS, 5.0, 8.0);

    @Test
    void percentagesComeFromTheRawTimes() {
        assertThat(QUIET.otherCpuPct()).hasValue(10.0);
        assertThat(QUIET.cpuWaitPct()).hasValue(20.0);
        assertThat(QUIET.cpuPressurePct()).hasValue(30.0);
        assertThat(QUIET.anyMeasured()).isTrue();
    }

    @Test
    void aSumOfIntervalsSumsTheTimesNotThePercentages() {
        Contention both = QUIET.plus(BUSY);

        assertThat(both.intervals()).isEqualTo(2);
        assertThat(both.wallNanos()).isEqualTo(4000 * MS);
        // (200 + 3000) / 8000 ms of CPU, not the mean of 10% and 50%.
        assertThat(both.otherCpuPct()).hasValue(40.0);
        assertThat(both.cpuWaitPct()).hasValue(100.0 * 1000 / 2300);
        assertThat(both.cpuPressurePct()).hasValue(75.0);
        assertThat(both.loadBefore()).isEqualTo(1.0);
        assertThat(both.loadAfter()).isEqualTo(8.0);
        assertThat(Contention.sum(List.of(QUIET, BUSY))).isEqualTo(both);
    }

    @Test
    void nothingSummedIsTheIdentity() {
        assertThat(Contention.NONE.intervals()).isZero();
        assertThat(Contention.NONE.plus(QUIET)).isEqualTo(QUIET);
        assertThat(QUIET.plus(Contention.NONE)).isEqualTo(QUIET);
        assertThat(Contention.sum(List.of())).isEqualTo(Contention.NONE);
        assertThat(Contention.NONE.otherCpuPct()).isEmpty();
    }

    @Test
    void aFigureMissingInOneIntervalIsMissingFromTheSum() {
        Contention noPressure = new Contention(1, 1000 * MS, 2000 * MS, 700 * MS, 500 * MS, 400 * MS, 100 * MS,
                null, null, 3.0);
        Contention both = QUIET.plus(noPressure);

        assertThat(both.cpuPressurePct()).isEmpty();
        assertThat(both.otherCpuPct()).hasValue(10.0);
        assertThat(QUIET.plus(Contention.unmeasured(MS)).anyMeasured()).isFalse();
        assertThat(noPressure.plus(QUIET).loadBefore()).isNull();
    }

    @Test
    void tickRoundingBelowZeroShowsAsNone() {
        Contention idle = new Contention(1, 1000 * MS, 2000 * MS, 10 * MS, 20 * MS, 0L, 0L, 0L, null, null);
        assertThat(idle.otherCpuPct()).hasValue(0.0);
        assertThat(idle.cpuWaitPct()).isEmpty();
        assertThat(idle.cpuPressurePct()).hasValue(0.0);
    }

    @Test
    void travelsAsJsonAndBack() throws Exception {
        // As a child JVM writes it (nulls left out) and as a report does (nulls written).
        ObjectMapper leaveOutNulls = JsonMapper.builder().defaultPropertyInclusion(
                JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL)).build();
        ObjectMapper plain = new ObjectMapper();
        Contention partial = QUIET.plus(new Contention(1, MS, null, null, null, 2L, 3L, 4L, null, 9.5));
        for (ObjectMapper mapper : List.of(leaveOutNulls, plain)) {
            for (Contention c : List.of(QUIET, partial, Contention.unmeasured(5), Contention.NONE)) {
                String json = mapper.writeValueAsString(c);
                assertThat(mapper.readValue(json, Contention.class)).isEqualTo(c);
                assertThat(json).doesNotContain("Pct").doesNotContain("anyMeasured");
            }
        }
    }
}
