package dev.loomy.results;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;

import dev.loomy.contention.Contention;
import dev.loomy.stats.MeanDifference;
import dev.loomy.stats.Sample;
import dev.loomy.stats.Statistics;
import dev.loomy.stats.Speedup;

/**
 * The figures a report prints for one measurement, all derived from its counted runs.
 * Times are in milliseconds. Fields that could not be measured are empty (NaN,
 * {@link OptionalDouble#empty()} or -1), never invented.
 *
 * @param comparison against the same row of a baseline, or null
 * @param place      its place among the rows of its filter and point, or null where it has none (a row alone)
 */
public record Summary(Measurement measurement, Times times, Speed speed, Latency latency, Resources resources,
                      RowComparison comparison, Ranking.Place place) {

    /**
     * The counted runs' wall times.
     *
     * @param sample       their statistics: mean, spread, interval; null without runs
     * @param laneMedianMs per lane, the median over runs of the time its last image finished (from the run's start)
     */
    public record Times(double medianMs, double minMs, double maxMs, Sample sample, Map<String, Double> laneMedianMs) {
    }

    /**
     * How fast the row went, and against which other rows.
     *
     * @param imagesPerSec images over the median time
     * @param vsLoop       loop's median time over this one, per image, for the same filter and point
     * @param vsReference  against the {@link Reference} row from the medians, as images/sec: or null when it was not measured
     * @param differs      whether Welch's t-test at 5% tells this row's mean time per image from the
     *                     reference row's; null where it cannot tell (a side with one run) or this is the reference
     */
    public record Speed(double imagesPerSec, OptionalDouble vsLoop, Speedup vsReference, Boolean differs) {
    }

    /**
     * One image's latency, submission to completion, over every image of the counted runs: the
     * percentiles from their histograms (within 0.1%), the largest exactly.
     */
    public record Latency(double p50Ms, double p95Ms, double maxMs) {
    }

    /** The most the counted runs held: the peaks, and how many distinct threads ran images (-1 unknown). */
    public record Resources(ResourcePeaks peaks, int workers) {
    }

    /**
     * @param loop      the {@code loop} measurement of the same filter, or null when loop was not
     *                  measured (the speed-up against loop is then empty)
     * @param reference the row {@link Speed#vsReference} is relative to, or null
     */
    public static Summary of(Measurement m, Measurement loop, Measurement reference) {
        List<RunRecord> runs = m.runs();
        if (runs.isEmpty()) {
            return new Summary(m, new Times(Double.NaN, Double.NaN, Double.NaN, null, Map.of()),
                    new Speed(Double.NaN, OptionalDouble.empty(), null, null), new Latency(Double.NaN, Double.NaN, Double.NaN),
                    new Resources(ResourcePeaks.UNKNOWN, -1), null, null);
        }
        long[] walls = runs.stream().mapToLong(RunRecord::wallNanos).toArray();
        double median = Statistics.median(walls) / 1e6;
        // A row whose every image failed measured how fast images are refused: no throughput to show or compare.
        boolean noneDone = m.imagesFinished() > 0 && !m.anyDone();
        double perSec = median > 0 && !noneDone ? m.imagesFinished() / (median / 1000) : Double.NaN;

        // Speed-ups compare time per image: a row interrupted after 1 of 40 images is not 40 times as fast.
        OptionalDouble speedup = OptionalDouble.empty();
        if (loop != null && !loop.runs().isEmpty() && median > 0 && m.anyDone() && loop.anyDone()) {
            double loopMedian = Statistics.median(loop.runs().stream().mapToLong(RunRecord::wallNanos).toArray()) / 1e6;
            speedup = OptionalDouble.of(loopMedian / loop.imagesFinished() / (median / m.imagesFinished()));
        }

        // Latency over every processed image of every counted run (skipped images never ran).
        Latencies all = Latencies.merged(runs.stream().map(RunRecord::latencies).toList());
        boolean none = all.count() == 0;
        double p50 = none ? Double.NaN : all.percentile(50) / 1e6;
        double p95 = none ? Double.NaN : all.percentile(95) / 1e6;
        double lmax = none ? Double.NaN : all.max() / 1e6;

        ResourcePeaks peaks = runs.stream().map(RunRecord::peaks).reduce(ResourcePeaks::max).orElse(ResourcePeaks.UNKNOWN);
        Sample time = times(m);
        // The reference against itself is 1, exactly: no error, as hyperfine shows its reference.
        Speedup relative = reference == null || reference.runs().isEmpty() || noneDone ? null
                : reference == m ? new Speedup(1, Double.NaN)
                : m.anyDone() && reference.anyDone() ? Speedup.of(perImage(reference), perImage(m))
                : null;
        MeanDifference difference = relative == null || reference == m ? null
                : MeanDifference.ofRuns(perImageMs(m), perImageMs(reference));
        return new Summary(m, new Times(median, Statistics.min(walls) / 1e6, Statistics.max(walls) / 1e6, time,
                laneMedians(runs)), new Speed(perSec, speedup, relative, difference == null ? null
                : difference.significant()), new Latency(p50, p95, lmax),
                new Resources(peaks, runs.stream().mapToInt(RunRecord::workers).max().orElse(-1)), null, null);
    }

    private static Sample times(Measurement m) {
        return Sample.of(m.wallMs());
    }

    /** The runs' times divided by the images they finished: what speed-ups compare. */
    private static Sample perImage(Measurement m) {
        return Sample.of(perImageMs(m));
    }

    static double[] perImageMs(Measurement m) {
        return Arrays.stream(m.wallMs()).map(ms -> ms / m.imagesFinished()).toArray();
    }

    /** Others' share of the CPUs, in percent, from which a row is {@linkplain #contended contended}. */
    public static final double CONTENDED_PCT = 10;

    /**
     * The contention over the counted runs, summed (so that interleaved rows keep their own); a
     * figure is empty where some run did not measure it.
     */
    public Contention contention() {
        List<RunRecord> runs = measurement.runs();
        if (runs.isEmpty() || runs.stream().anyMatch(r -> r.contention() == null)) {
            return Contention.NONE;
        }
        return Contention.sum(runs.stream().map(RunRecord::contention).toList());
    }

    /**
     * The least wall time over a row's runs from which it may be called contended: the CPU times
     * come in clock ticks of 10 ms, and over a few milliseconds one tick of anybody's is a large share.
     */
    public static final long CONTENDED_MIN_NANOS = 1_000_000_000L;

    /**
     * Whether other programs took {@value #CONTENDED_PCT}% or more of the CPUs over the row's runs:
     * its figures are then not the strategy's alone. Null where that was not measured, or over runs
     * too short for the clock ticks to tell ({@link #CONTENDED_MIN_NANOS}).
     */
    public Boolean contended() {
        Contention c = contention();
        OptionalDouble other = c.otherCpuPct();
        if (other.isEmpty() || c.wallNanos() < CONTENDED_MIN_NANOS) {
            return null;
        }
        // Judged on the figure as shown beside it (to the tenth), so that "10.0%" is never called uncontended.
        return Math.round(other.getAsDouble() * 10) / 10.0 >= CONTENDED_PCT;
    }

    /** This summary compared with a baseline's row. */
    public Summary with(RowComparison baseline) {
        return new Summary(measurement, times, speed, latency, resources, baseline, place);
    }

    /** This summary at its place in the ranking. */
    Summary ranked(Ranking.Place at) {
        return new Summary(measurement, times, speed, latency, resources, comparison, at);
    }

    /**
     * The CPU time the measuring JVM (the child's own, for a row measured in one) spent per image
     * over the counted runs, user and system, in milliseconds: NaN where it was not measured.
     */
    public double cpuMsPerImage() {
        Long own = contention().ownCpuNanos();
        long images = (long) measurement.imagesFinished() * measurement.runs().size();
        return own == null || images <= 0 || !measurement.anyDone() ? Double.NaN : own / 1e6 / images;
    }

    /** Per lane, the median over runs of the time its last image finished (from the run's start). */
    private static Map<String, Double> laneMedians(List<RunRecord> runs) {
        Map<String, List<Long>> finishes = new TreeMap<>();
        for (RunRecord run : runs) {
            run.laneFinishNanos().forEach((lane, at) -> finishes.computeIfAbsent(lane, k -> new ArrayList<>()).add(at));
        }
        Map<String, Double> medians = new LinkedHashMap<>();
        finishes.forEach((lane, values) -> medians.put(lane,
                Statistics.median(values.stream().mapToLong(Long::longValue).toArray()) / 1e6));
        return medians;
    }

    /** Summaries of all measurements, with {@code speedup_vs_loop} and a speed-up against {@code reference}. */
    public static List<Summary> all(List<Measurement> measurements, Reference reference) {
        List<Measurement> loops = measurements.stream().filter(m -> m.strategy().equals("loop")).toList();
        return Ranking.of(measurements.stream().map(m -> of(m, loops.stream().filter(m::sameFilterAndPoint).findFirst()
                .orElse(null), reference.of(measurements, m))).toList());
    }
}
