package dev.loomy.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.junit.jupiter.api.Test;


class SchemaTest {

    private static List<String> names(Format format) {
        return Schema.in(format).stream().map(c -> c.nameIn(format)).toList();
    }

    @Test
    void csvKeepsTheColumnsScriptsReadInTheirOrder() {
        assertThat(names(Format.CSV)).containsExactly("strategy", "filter", "images", "failed", "warnings", "runs", "warmups",
                "time_ms_median", "time_ms_min", "time_ms_max", "images_per_sec", "speedup_vs_loop",
                "latency_ms_p50", "latency_ms_p95", "latency_ms_max", "peak_threads", "worker_threads",
                "peak_heap_mib", "peak_rss_mib", "rss_windowed", "outcome", "note", "time_ms_mean", "time_ms_stddev",
                "time_ms_ci_low", "time_ms_ci_high", "outliers", "speedup", "speedup_error", "engine", "jpeg_codec",
                "differs", "time_ms_per_image", "other_cpu_pct", "cpu_wait_pct", "cpu_pressure_pct", "contended",
                "rank", "ratio_vs_fastest", "ratio_error", "separable", "cpu_ms_per_image");
    }

    @Test
    void aBaselinesAndAProfilersColumnsAreShownOnlyWhenTheResultsHaveThem() {
        RunRecord run = new RunRecord(1_000_000, List.of(), new ResourcePeaks(3, 3L << 20, -1, false), 1, false);
        Measurement plain = new Measurement("loop", "NoOp", 1, 0, List.of(run), Outcome.OK, null);
        Results without = TestResults.of(List.of(plain), null, null, false, false);
        assertThat(Schema.in(Format.CSV, without)).isEqualTo(Schema.in(Format.CSV));
        Measurement pinned = new Measurement("loop", "NoOp", 1, 0, List.of(run), Outcome.OK, null,
                new dev.loomy.profile.Profile(Double.NaN, -1, Double.NaN, 0, List.of(), null));
        Results with = TestResults.of(List.of(pinned), null, null, false, false);
        assertThat(Schema.in(Format.CSV, with).stream().map(Column::name).toList()).endsWith("pinned_events")
                .doesNotContain("gc_count", "jfr_file", "change_pct");
    }

    @Test
    void everyFormatNamesEachColumnOnce() {
        for (Format format : Format.values()) {
            List<String> names = names(format);
            assertThat(names).as(format.name()).doesNotHaveDuplicates();
            List<String> headings = Schema.in(format).stream().map(Column::heading).toList();
            assertThat(headings).as(format.name()).doesNotHaveDuplicates();
        }
    }

    @Test
    void sizesAreMebibytesInEveryFormatUnderOneName() {
        RunRecord run = new RunRecord(1_000_000, List.of(), new ResourcePeaks(3, 3L << 20, -1, false), 1, false);
        Summary row = Summary.of(new Measurement("loop", "NoOp", 1, 0, List.of(run), Outcome.OK, null), null, null);
        Column heap = Schema.in(Format.JSON).stream().filter(c -> c.name().equals("peak_heap")).findFirst().orElseThrow();
        Column rss = Schema.in(Format.JSON).stream().filter(c -> c.name().equals("peak_rss")).findFirst().orElseThrow();
        assertThat(heap.nameIn(Format.JSON)).isEqualTo("peak_heap_mib").isEqualTo(heap.nameIn(Format.CSV));
        assertThat(rss.nameIn(Format.JSON)).isEqualTo("peak_rss_mib").isEqualTo(rss.nameIn(Format.CSV));
        assertThat(heap.value(row)).isEqualTo(3.0);
        assertThat(heap.text(row, true)).isEqualTo("3.0");
        assertThat(rss.value(row)).isNull();
        assertThat(rss.text(row, true)).isEmpty();
    }
}
