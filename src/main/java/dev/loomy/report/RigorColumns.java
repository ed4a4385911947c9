package dev.loomy.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

import dev.loomy.measure.Measurement;
import dev.loomy.measure.Summary;
import dev.loomy.profile.Profile;

/**
 * The columns of the statistics, the comparison with a baseline and the profilers, each defined
 * once by name and value, for the csv and json formats. The baseline's columns appear only with a
 * baseline, a profiler's only when some row was profiled with it.
 */
final class RigorColumns {

    /**
     * One column: a value is a Double (NaN when unknown), a Long (negative when unknown) or a
     * String (null when unknown).
     */
    record Column(String name, int decimals, Function<Summary, Object> value) {

        /** The cell as csv writes it: "" when unknown. */
        String text(Summary s) {
            Object v = value.apply(s);
            return switch (v) {
                case null -> "";
                case Double d -> Numbers.fixed(d, decimals);
                case Long l -> Numbers.count(l);
                default -> v.toString();
            };
        }
    }

    private static final List<Column> STATISTICS = List.of(
            new Column("time_ms_mean", 3, s -> s.time() == null ? Double.NaN : s.time().mean()),
            new Column("time_ms_stddev", 3, s -> s.time() == null ? Double.NaN : s.time().stddev()),
            new Column("time_ms_ci_low", 3, s -> s.time() == null ? Double.NaN : s.time().ciLow()),
            new Column("time_ms_ci_high", 3, s -> s.time() == null ? Double.NaN : s.time().ciHigh()),
            new Column("outliers", 0, s -> s.time() == null ? -1L : (long) s.time().outliers()),
            new Column("speedup", 3, s -> s.speedup() == null ? Double.NaN : s.speedup().value()),
            new Column("speedup_error", 3, s -> s.speedup() == null ? Double.NaN : s.speedup().error()));
    private static final List<Column> BASELINE = List.of(
            new Column("baseline_images_per_sec", 3, s -> s.comparison() == null ? Double.NaN
                    : s.comparison().baselineImagesPerSec()),
            new Column("change_pct", 1, s -> s.comparison() == null ? Double.NaN : s.comparison().changePct()),
            new Column("change", 0, s -> s.comparison() == null ? null : s.comparison().verdict().label()));
    private static final List<Column> GC = List.of(
            new Column("alloc_mb_per_image", 3, s -> profile(s).allocMbPerImage()),
            new Column("gc_count", 0, s -> profile(s).gcCount()),
            new Column("gc_ms", 1, s -> profile(s).gcMs()));
    private static final Column PINNED = new Column("pinned_events", 0, s -> profile(s).pinnedEvents());
    private static final Column JFR = new Column("jfr_file", 0, s -> profile(s).jfrFile());

    private RigorColumns() {
    }

    static List<Column> of(Results results) {
        List<Column> columns = new ArrayList<>(STATISTICS);
        if (results.baseline() != null) {
            columns.addAll(BASELINE);
        }
        List<Profile> profiles = results.measurements().stream().map(Measurement::profile).filter(Objects::nonNull)
                .toList();
        if (profiles.stream().anyMatch(p -> p.gcCount() >= 0)) {
            columns.addAll(GC);
        }
        if (profiles.stream().anyMatch(p -> p.pinnedEvents() >= 0)) {
            columns.add(PINNED);
        }
        if (profiles.stream().anyMatch(p -> p.jfrFile() != null)) {
            columns.add(JFR);
        }
        return columns;
    }

    private static Profile profile(Summary s) {
        return s.measurement().profile() == null ? Profile.NONE : s.measurement().profile();
    }
}
