package dev.loomy.results;

import static dev.loomy.results.Format.CSV;
import static dev.loomy.results.Format.JSON;
import static dev.loomy.results.Format.MARKDOWN;
import static dev.loomy.results.Format.TABLE;
import static dev.loomy.results.Column.Unit.BYTES;
import static dev.loomy.results.Column.Unit.COUNT;
import static dev.loomy.results.Column.Unit.FLAG;
import static dev.loomy.results.Column.Unit.MILLISECONDS;
import static dev.loomy.results.Column.Unit.NUMBER;
import static dev.loomy.results.Column.Unit.PER_SECOND;
import static dev.loomy.results.Column.Unit.RATIO;
import static dev.loomy.results.Column.Unit.TEXT;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import dev.loomy.results.Column.Cell;
import dev.loomy.profile.Profile;
import dev.loomy.stats.Sample;
import dev.loomy.stats.Speedup;

/**
 * Every column of the results, in order, defined once: table, markdown, csv and json each
 * show those marked for them, in this order, and csv a column per lane after them
 * ({@link #perLane}). A new column is one line here.
 *
 * <p>The human formats lead with the article's columns, the time first; csv and json keep the
 * order scripts have always read. So the times people read are columns of their own, with the
 * same figures as {@code time_ms_*}.
 */
public final class Schema {

    /**
     * Each lane's median finishing time, in one cell ("last image done at: priority 1 412.0 ms, ..."):
     * markdown's column when some row has lanes, and the table's note under such a row.
     */
    public static final Column LANES = Column.of("lanes", "Lanes", TEXT, Schema::lanes, MARKDOWN)
            .onlyWhen(r -> r.summaries().stream().anyMatch(s -> !s.times().laneMedianMs().isEmpty()));

    /** Images done from damaged files; the table shows this column only when some row has one. */
    public static final String WARNINGS = "warnings";
    /** Failed images; markdown shows this column only when some row has one. */
    public static final String FAILED = "failed";
    /** How each row ended; markdown shows this column only when some row did not end well. */
    public static final String OUTCOME = "outcome";

    /** The table's columns that go first when it is too wide for the terminal, in that order. */
    public static final String THREADS = "threads";
    public static final String RSS = "rss";
    public static final String LATENCY = "latency";
    /** The CPU time per image, shown in the table where the JVM's own CPU time was measured. */
    public static final String CPU = "cpu_ms_image";
    public static final List<String> DROPPED_FIRST = List.of(THREADS, RSS, LATENCY, CPU);

    /** The columns of the options a scan varies ({@code Measurement.scan}'s keys), in this order whatever the command line's. */
    public static final String PARALLELISM = "parallelism";
    public static final String CV_THREADS = "cv_threads";
    public static final String IO_LATENCY = "io_latency_ms";
    public static final String MAX_IN_FLIGHT = "max_in_flight";
    /** The columns of {@code --jvm} and {@code --jvm-options}: the JVM a row ran on, and with which options. */
    public static final String JVM = "jvm";
    public static final String JVM_OPTIONS = "jvm_options";

    public static final List<Column> COLUMNS = List.of(
            Column.of("strategy", "Strategy", TEXT, s -> text(s.measurement().strategy()), MARKDOWN, CSV, JSON),
            Column.of("filter", "Filter", TEXT, s -> text(s.measurement().filter()), TABLE, MARKDOWN, CSV, JSON),
            scanned(PARALLELISM, "Parallelism", COUNT),
            scanned(CV_THREADS, "CV threads", COUNT),
            scanned(IO_LATENCY, "I/O latency (ms)", NUMBER),
            scanned(MAX_IN_FLIGHT, "Max in flight", TEXT),
            scanned(JVM, "JVM", TEXT),
            scanned(JVM_OPTIONS, "JVM options", TEXT),
            Column.of("time", "Time (ms)", MILLISECONDS, s -> decimal(s.times().medianMs()), TABLE, MARKDOWN),
            Column.of("time_mean_ci", "Mean±CI (ms)", MILLISECONDS, Schema::meanAndError, TABLE, MARKDOWN),
            Column.of("images", "Images", COUNT, s -> count(s.measurement().imagesFinished()), TABLE, MARKDOWN, CSV, JSON),
            Column.of(FAILED, "Failed", COUNT, s -> count(s.measurement().failed()), TABLE, MARKDOWN, CSV, JSON),
            Column.of("skipped", "Skipped", COUNT, s -> count(s.measurement().upToDate()), TABLE, MARKDOWN, CSV, JSON)
                    .onlyWhen(r -> r.options() != null && r.options().output().incremental()),
            Column.of(Schema.WARNINGS, "Warnings", COUNT, s -> count(s.measurement().warnings()), TABLE, MARKDOWN, CSV, JSON),
            Column.of("runs", "Runs", COUNT, s -> count(s.measurement().runs().size()), CSV, JSON),
            Column.of("warmups", "Warm-ups", COUNT, s -> count(s.measurement().warmups()), CSV, JSON),
            Column.of("time_ms_median", "Median (ms)", MILLISECONDS, s -> decimal(s.times().medianMs()), CSV, JSON),
            Column.of("time_ms_min", "Min (ms)", MILLISECONDS, s -> decimal(s.times().minMs()), CSV, JSON),
            Column.of("time_ms_max", "Max (ms)", MILLISECONDS, s -> decimal(s.times().maxMs()), CSV, JSON),
            Column.of("images_per_sec", "Avg (images/sec)", PER_SECOND, s -> decimal(s.speed().imagesPerSec()),
                    TABLE, MARKDOWN, CSV, JSON),
            Column.of("ms_image", "ms/image", MILLISECONDS, Schema::msPerImage, TABLE, MARKDOWN),
            Column.of(CPU, "CPU (ms/image)", NUMBER, s -> decimal(s.cpuMsPerImage()), TABLE)
                    .onlyWhen(r -> r.summaries().stream().anyMatch(s -> Double.isFinite(s.cpuMsPerImage()))),
            Column.of("speedup_vs_loop", "vs loop", RATIO, s -> decimal(s.speed().vsLoop().orElse(Double.NaN)),
                    CSV, JSON),
            Column.of("speedup_shown", "Speed-up", RATIO, Schema::speedup, TABLE, MARKDOWN),
            Column.of(LATENCY, "p50/p95 (ms)", MILLISECONDS, Schema::latencies, TABLE),
            Column.of("latency_ms_p50", "p50 (ms)", MILLISECONDS, s -> decimal(s.latency().p50Ms()), CSV, JSON),
            Column.of("latency_ms_p95", "p95 (ms)", MILLISECONDS, s -> decimal(s.latency().p95Ms()), CSV, JSON),
            Column.of("latency_ms_max", "Max latency (ms)", MILLISECONDS, s -> decimal(s.latency().maxMs()), CSV, JSON),
            Column.of(THREADS, "Threads", COUNT, s -> count(peaks(s).threads()), TABLE),
            Column.of("peak_threads", "Peak threads", COUNT, s -> count(peaks(s).threads()), CSV, JSON),
            Column.of("worker_threads", "Workers", COUNT, s -> count(s.resources().workers()), CSV, JSON),
            Column.of("peak_heap", "Peak heap (MiB)", BYTES, s -> count(peaks(s).heapBytes()), CSV, JSON),
            Column.of(RSS, "RSS (MiB)", BYTES, s -> rss(s, "n/a"), TABLE),
            Column.of("rss_marked", "Peak RSS (MiB)", BYTES, s -> rss(s, ""), MARKDOWN),
            Column.of("peak_rss", "Peak RSS (MiB)", BYTES, s -> count(peaks(s).rssBytes()), CSV, JSON),
            Column.of("rss_windowed", "RSS per run", FLAG, s -> new Cell.Flag(peaks(s).rssBytes() < 0 ? null
                    : peaks(s).rssWindowed()), CSV, JSON),
            Column.of(OUTCOME, "Outcome", TEXT, s -> text(s.measurement().outcome().label()),
                    TABLE, MARKDOWN, CSV, JSON),
            Column.of("note", "Note", TEXT, s -> text(s.measurement().note()), CSV, JSON),
            Column.of("time_ms_mean", "Mean (ms)", MILLISECONDS, s -> time(s, Sample::mean), CSV, JSON),
            Column.of("time_ms_stddev", "SD (ms)", MILLISECONDS, s -> time(s, Sample::stddev), CSV, JSON),
            Column.of("time_ms_ci_low", "CI low (ms)", MILLISECONDS, s -> time(s, Sample::ciLow), CSV, JSON),
            Column.of("time_ms_ci_high", "CI high (ms)", MILLISECONDS, s -> time(s, Sample::ciHigh), CSV, JSON),
            Column.of("outliers", "Outliers", COUNT, s -> count(s.times().sample() == null ? -1
                    : s.times().sample().outliers()), CSV, JSON),
            Column.of("speedup", "Speed-up", RATIO, s -> decimal(s.speed().vsReference() == null ? Double.NaN
                    : s.speed().vsReference().value()),
                    CSV, JSON),
            Column.of("speedup_error", "Speed-up error", RATIO, s -> decimal(s.speed().vsReference() == null ? Double.NaN
                    : s.speed().vsReference().error()), CSV, JSON),
            Column.of("engine", "Engine", TEXT, s -> text(s.measurement().engine()), CSV, JSON),
            Column.of("jpeg_codec", "JPEG codec", TEXT, s -> text(s.measurement().jpegCodec()), CSV, JSON),
            // Columns added later go after those scripts have read by position.
            Column.of("differs", "Differs from the reference", FLAG, s -> new Cell.Flag(s.speed().differs()), CSV, JSON),
            Column.of("time_ms_per_image", "ms/image", MILLISECONDS, Schema::msPerImage, CSV, JSON),
            Column.of("other_cpu_pct", "Others' CPU (%)", NUMBER, s -> percent(s.contention().otherCpuPct()),
                    CSV, JSON),
            Column.of("cpu_wait_pct", "CPU wait (%)", NUMBER, s -> percent(s.contention().cpuWaitPct()), CSV, JSON),
            Column.of("cpu_pressure_pct", "CPU pressure (%)", NUMBER, s -> percent(s.contention().cpuPressurePct()),
                    CSV, JSON),
            Column.of("contended", "Contended", FLAG, s -> new Cell.Flag(s.contended()), CSV, JSON),
            Column.of("rank", "Rank", COUNT, s -> count(s.place() == null ? -1 : s.place().rank()), CSV, JSON),
            Column.of("ratio_vs_fastest", "vs fastest", RATIO, s -> decimal(s.place() == null ? Double.NaN
                    : s.place().vsFastest().value()), CSV, JSON),
            Column.of("ratio_error", "vs fastest error", RATIO, s -> decimal(s.place() == null ? Double.NaN
                    : s.place().vsFastest().error()), CSV, JSON),
            Column.of("separable", "Separable", FLAG, s -> new Cell.Flag(s.place() == null ? null
                    : s.place().separable()), CSV, JSON),
            Column.of("cpu_ms_per_image", "CPU ms/image", NUMBER, s -> decimal(s.cpuMsPerImage()), CSV, JSON),
            Column.of("baseline_images_per_sec", "Baseline", PER_SECOND, s -> decimal(s.comparison() == null
                    ? Double.NaN : s.comparison().baselineImagesPerSec()), TABLE, CSV, JSON).onlyWhen(Schema::compared),
            Column.of("change_pct", "Change (%)", NUMBER, s -> decimal(s.comparison() == null ? Double.NaN
                    : s.comparison().changePct()), CSV, JSON).onlyWhen(Schema::compared),
            Column.of("change_shown", "Change (%)", NUMBER, Schema::change, TABLE).onlyWhen(Schema::compared),
            // The table's verdict in a word or two, so that it fits: "too few runs" where csv says "too few runs to tell".
            Column.of("verdict", "Verdict", TEXT, s -> text(s.comparison() == null ? null
                    : s.comparison().verdict() == Verdict.UNKNOWN ? "too few runs" : s.comparison().verdict().label()),
                    TABLE).onlyWhen(Schema::compared),
            Column.of("change", "Change", TEXT, s -> text(s.comparison() == null ? null
                    : s.comparison().verdict().label()), CSV, JSON).onlyWhen(Schema::compared),
            Column.of("change_error_pct", "Change error (%)", NUMBER, s -> decimal(s.comparison() == null ? Double.NaN
                    : s.comparison().changeErrorPct()), CSV, JSON).onlyWhen(Schema::compared),
            Column.of("alloc_mb_per_image", "Alloc (MiB/image)", NUMBER, s -> decimal(profile(s).allocMbPerImage()),
                    CSV, JSON).onlyWhen(r -> profiled(r, p -> p.gcCount() >= 0)),
            Column.of("gc_count", "GCs", COUNT, s -> count(profile(s).gcCount()), CSV, JSON)
                    .onlyWhen(r -> profiled(r, p -> p.gcCount() >= 0)),
            Column.of("gc_ms", "GC (ms)", MILLISECONDS, s -> decimal(profile(s).gcMs()), CSV, JSON)
                    .onlyWhen(r -> profiled(r, p -> p.gcCount() >= 0)),
            Column.of("pinned_events", "Pinned", COUNT, s -> count(profile(s).pinnedEvents()), CSV, JSON)
                    .onlyWhen(r -> profiled(r, p -> p.pinnedEvents() >= 0)),
            Column.of("jfr_file", "JFR", TEXT, s -> text(profile(s).jfrFile()), CSV, JSON)
                    .onlyWhen(r -> profiled(r, p -> p.jfrFile() != null)),
            Column.of("load_before", "Load before", NUMBER, s -> load(s.contention().loadBefore()), JSON),
            Column.of("load_after", "Load after", NUMBER, s -> load(s.contention().loadAfter()), JSON),
            Column.of("lane_ms", "Lanes", MILLISECONDS, Schema::lanes, JSON),
            Schema.LANES);

    private Schema() {
    }

    /** The columns {@code format} shows for any results, in order. */
    public static List<Column> in(Format format) {
        return COLUMNS.stream().filter(c -> c.shownIn(format) && c.when() == Column.ALWAYS).toList();
    }

    /** The columns {@code format} shows for {@code results}, in order: a baseline's only with one, likewise a profiler's. */
    public static List<Column> in(Format format, Results results) {
        List<Column> columns = new ArrayList<>(COLUMNS.stream().filter(c -> c.shownIn(format) && c.when().test(results))
                .toList());
        columns.addAll(perLane(results).stream().filter(c -> c.shownIn(format)).toList());
        return columns;
    }

    /**
     * A csv column per lane ({@code lane_priority_1_ms}): the median over runs of the time the lane's
     * last image finished. A strategy's lanes have their column whenever it has a row, even one whose
     * images all fell in another lane, so that a script finds the column by name; then any other lane.
     */
    static List<Column> perLane(Results results) {
        Set<String> lanes = new LinkedHashSet<>();
        List<Summary> summaries = results.summaries();
        summaries.forEach(s -> lanes.addAll(results.lanes().getOrDefault(s.measurement().strategy(), List.of())));
        summaries.forEach(s -> lanes.addAll(s.times().laneMedianMs().keySet()));
        return lanes.stream().map(lane -> Column.of("lane_" + lane.toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9]+", "_").replaceAll("^_|_$", "") + "_ms", lane, MILLISECONDS,
                s -> decimal(s.times().laneMedianMs().getOrDefault(lane, Double.NaN)), CSV)).toList();
    }

    /** The columns of the scanned options, in the schema's order; none without a scan. */
    public static List<String> scanned(Results results) {
        return COLUMNS.stream().map(Column::name).filter(name -> isScanned(results, name)).toList();
    }

    /**
     * What names a row across runs, as saved results name it: its strategy, filter and each scanned
     * column's value as json has it (so that a row matches its own in a baseline read back from json).
     */
    public static RowKey keyOf(Summary s) {
        Map<String, String> scan = new LinkedHashMap<>();
        for (Column column : COLUMNS) {
            if (s.measurement().scan().containsKey(column.name())) {
                scan.put(column.name(), String.valueOf(column.value(s)));
            }
        }
        return new RowKey(s.measurement().strategy(), s.measurement().filter(), scan);
    }

    private static boolean isScanned(Results results, String column) {
        return results.measurements().stream().anyMatch(m -> m.scan().containsKey(column));
    }

    /**
     * The column of a scanned option, shown only when it was scanned: a count, a number or, for
     * {@code --max-in-flight}'s auto and unbounded, text.
     */
    private static Column scanned(String name, String heading, Column.Unit unit) {
        return Column.of(name, heading, unit, s -> {
            String value = s.measurement().scan().get(name);
            if (value == null || unit == TEXT) {
                return text(value);
            }
            return unit == COUNT ? count(Long.parseLong(value)) : decimal(Double.parseDouble(value));
        }, TABLE, MARKDOWN, CSV, JSON).onlyWhen(r -> isScanned(r, name));
    }

    private static boolean compared(Results results) {
        return results.baseline() != null;
    }

    private static boolean profiled(Results results, Predicate<Profile> has) {
        return results.measurements().stream().map(Measurement::profile).anyMatch(p -> p != null && has.test(p));
    }

    private static Profile profile(Summary s) {
        return s.measurement().profile() == null ? Profile.NONE : s.measurement().profile();
    }

    private static Cell time(Summary s, ToDoubleFunction<Sample> figure) {
        return decimal(s.times().sample() == null ? Double.NaN : figure.applyAsDouble(s.times().sample()));
    }

    private static Cell lanes(Summary s) {
        return new Cell.Lanes(s.times().laneMedianMs());
    }

    private static ResourcePeaks peaks(Summary s) {
        return s.resources().peaks();
    }

    private static Cell text(String text) {
        return new Cell.Text(text);
    }

    private static Cell count(long count) {
        return new Cell.Count(count);
    }

    private static Cell decimal(double value) {
        return new Cell.Decimal(value);
    }

    /** "245.9±3.1": the mean ± half the 95% interval; the mean alone from one run; "" from none. */
    private static Cell meanAndError(Summary s) {
        if (s.times().sample() == null) {
            return new Cell.Shown("");
        }
        Sample sample = s.times().sample();
        String mean = Numbers.fixed(sample.mean(), 1);
        return new Cell.Shown(sample.hasSpread() ? mean + "±" + Numbers.fixed(sample.ciHalfWidth(), 1) : mean);
    }

    /** "2.05±0.08x": against the reference, with the error when both rows have a spread. */
    private static Cell speedup(Summary s) {
        if (s.speed().vsReference() == null) {
            return new Cell.Shown("");
        }
        Speedup speedup = s.speed().vsReference();
        String value = Numbers.fixed(speedup.value(), 2);
        return new Cell.Shown((Double.isNaN(speedup.error()) ? value : value + "±" + Numbers.fixed(speedup.error(), 2))
                + "x");
    }

    /**
     * "+5.2±6.1": the change in images/sec against the baseline, ± the margin of noise of the mean
     * times where there is one; whole percents from 100 on, so that the cell stays narrow.
     */
    private static Cell change(Summary s) {
        if (s.comparison() == null || !Double.isFinite(s.comparison().changePct())) {
            return new Cell.Shown("");
        }
        double pct = s.comparison().changePct();
        double error = s.comparison().changeErrorPct();
        int decimals = Math.abs(pct) >= 100 || error >= 100 ? 0 : 1;
        String change = String.format(Locale.ROOT, "%+." + decimals + "f", pct);
        return new Cell.Shown(Double.isFinite(error) ? change + "±" + Numbers.fixed(error, decimals) : change);
    }

    private static Cell percent(OptionalDouble pct) {
        return decimal(pct.orElse(Double.NaN));
    }

    private static Cell load(Double load) {
        return decimal(load == null ? Double.NaN : load);
    }

    /**
     * The median time over the images finished: what images/sec says, the other way up; unknown
     * when none was (every one up to date, say), as images/sec of 0 has no other way up.
     */
    private static Cell msPerImage(Summary s) {
        double perSec = s.speed().imagesPerSec();
        return decimal(perSec > 0 ? 1000 / perSec : Double.NaN);
    }

    private static Cell latencies(Summary s) {
        return new Cell.Shown(Double.isNaN(s.latency().p50Ms()) ? ""
                : Numbers.fixed(s.latency().p50Ms(), 1) + "/" + Numbers.fixed(s.latency().p95Ms(), 1));
    }

    /**
     * The resident peak, marked * when it covers the JVM's life rather than the run; a row that
     * ran but could not be measured here shows {@code unmeasured}.
     */
    private static Cell rss(Summary s, String unmeasured) {
        String rss = Numbers.mebibytes(peaks(s).rssBytes());
        if (rss.isEmpty()) {
            return new Cell.Shown(s.measurement().runs().isEmpty() ? "" : unmeasured);
        }
        return new Cell.Shown(peaks(s).rssWindowed() ? rss : "*" + rss);
    }
}
