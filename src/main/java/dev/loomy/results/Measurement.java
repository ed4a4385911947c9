package dev.loomy.results;

import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.profile.Profile;

/**
 * Everything measured for one (strategy, filter): the counted runs, after the warm-ups.
 *
 * @param images   how many images each run was given (see {@link #imagesFinished} for those it finished)
 * @param warmups  how many uncounted runs came first
 * @param runs     the counted runs; empty when the measurement crashed before one ended
 * @param outcome  how it ended
 * @param note     why it crashed or was interrupted, or null
 * @param profile  what {@code --profile} recorded over the counted runs, or null when nothing was profiled
 * @param engine   where it was measured: local or spark
 * @param scan     the values of the scanned options this was measured at ({@code parallelism=4}), by
 *                 column; empty without a scan
 * @param jpegCodec the codec JPEGs went through in the JVM that measured ({@code libturbojpeg} or {@code
 *                 OpenCV}), or null when no JPEG did or it is not known (Spark's executors choose their
 *                 own: null with Spark)
 */
public record Measurement(String strategy, String filter, int images, int warmups, List<RunRecord> runs,
                          Outcome outcome, String note, Profile profile, String engine, Map<String, String> scan,
                          String jpegCodec) {

    public Measurement {
        engine = engine == null ? "local" : engine;
        scan = scan == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(scan));
    }

    /** A measurement made by the local engine, outside a scan. */
    public Measurement(String strategy, String filter, int images, int warmups, List<RunRecord> runs,
                       Outcome outcome, String note, Profile profile) {
        this(strategy, filter, images, warmups, runs, outcome, note, profile, "local", Map.of(), null);
    }

    /** A measurement made by the local engine, without a profile. */
    public Measurement(String strategy, String filter, int images, int warmups, List<RunRecord> runs,
                       Outcome outcome, String note) {
        this(strategy, filter, images, warmups, runs, outcome, note, null);
    }

    /** The same, made by {@code engine} ({@code spark}). */
    public Measurement on(String engine) {
        return new Measurement(strategy, filter, images, warmups, runs, outcome, note, profile, engine, scan, jpegCodec);
    }

    /** The same, its JPEGs through {@code codec} (null: none, or not known). */
    public Measurement withJpegCodec(String codec) {
        return new Measurement(strategy, filter, images, warmups, runs, outcome, note, profile, engine, scan, codec);
    }

    public static Measurement crashed(String strategy, String filter, int images, int warmups,
                                      List<RunRecord> runs, String reason) {
        return new Measurement(strategy, filter, images, warmups, List.copyOf(runs), Outcome.CRASHED, reason);
    }

    /** This measurement, made at the scan's point {@code values}. */
    public Measurement at(Map<String, String> values) {
        return new Measurement(strategy, filter, images, warmups, runs, outcome, note, profile, engine, values, jpegCodec);
    }

    /** Whether {@code other} measured the same filter at the same point of a scan (the strategy aside). */
    public boolean sameFilterAndPoint(Measurement other) {
        return filter.equals(other.filter) && scan.equals(other.scan);
    }

    /**
     * Images each counted run finished, done or failed: all of them, except where the only run is
     * one an interrupt cut short (a measurement keeps such a run only when it has no other), whose
     * images never started or abandoned count for nothing. The images column and images/sec use it.
     */
    public int imagesFinished() {
        return runs.stream().filter(RunRecord::interrupted).mapToInt(r -> r.done() + r.failed()).min()
                .orElse(images - upToDate());
    }

    /** Images not done because their output was up to date ({@code --incremental}), in the counted run that skipped most. */
    public int upToDate() {
        return runs.stream().mapToInt(RunRecord::upToDate).max().orElse(0);
    }

    /** Whether an image the counted runs finished did not fail: else there is no throughput to show or compare. */
    public boolean anyDone() {
        return failed() < imagesFinished();
    }

    /** Strategy, filter and scanned values: what names this row in notes, warnings and comparisons. */
    public RowKey key() {
        return new RowKey(strategy, filter, scan);
    }

    /** The counted runs' wall times in milliseconds, in their order. */
    public double[] wallMs() {
        return runs.stream().mapToDouble(r -> r.wallNanos() / 1e6).toArray();
    }

    /** Failed images in the worst counted run (every run reads the same files, so they agree). */
    public int failed() {
        return runs.stream().mapToInt(RunRecord::failed).max().orElse(0);
    }

    /** Images done with a warning (damaged but decodable) in the worst counted run. */
    public int warnings() {
        return runs.stream().mapToInt(RunRecord::warned).max().orElse(0);
    }

    /** The counted run whose wall time is the median (of an even count, the faster middle one), or null. */
    public RunRecord medianRun() {
        if (runs.isEmpty()) {
            return null;
        }
        List<RunRecord> sorted = runs.stream().sorted(Comparator.comparingLong(RunRecord::wallNanos)).toList();
        return sorted.get((sorted.size() - 1) / 2);
    }
}
