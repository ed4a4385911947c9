package dev.loomy.run;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.function.Function;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.results.Schema;

/**
 * A parameter scan: the values of {@code --parallelism}, {@code --cv-threads},
 * {@code --io-latency} and {@code --max-in-flight} when one of them is given as a comma list.
 * Each combination is a {@link Point}, measured as rows of its own. An option with one value
 * (or none) scans nothing.
 */
public record Scan(List<Integer> parallelism, List<Integer> cvThreads, List<Duration> ioLatency,
                   List<InFlightLimit> maxInFlight) {

    public static final Scan NONE = new Scan(List.of(), List.of(), List.of(), List.of());

    /**
     * One measured configuration of a scan.
     *
     * @param execution what the run's images are processed with at this point
     * @param values    each scanned option's column and value ({@code parallelism=4}); empty without a scan
     */
    public record Point(Execution execution, Map<String, String> values) {

        /** {@code parallelism=4,io_latency_ms=20}: the values, fit for a file name. */
        public String label() {
            StringJoiner label = new StringJoiner(",");
            values.forEach((column, value) -> label.add(column + "=" + value));
            return label.toString();
        }
    }

    public Scan {
        parallelism = parallelism == null ? List.of() : List.copyOf(parallelism);
        cvThreads = cvThreads == null ? List.of() : List.copyOf(cvThreads);
        ioLatency = ioLatency == null ? List.of() : List.copyOf(ioLatency);
        maxInFlight = maxInFlight == null ? List.of() : List.copyOf(maxInFlight);
    }

    /** The columns of the options scanned here, in the schema's order ({@link Schema#PARALLELISM} first). */
    public List<String> scanned() {
        List<String> scanned = new ArrayList<>();
        if (parallelism.size() > 1) {
            scanned.add(Schema.PARALLELISM);
        }
        if (cvThreads.size() > 1) {
            scanned.add(Schema.CV_THREADS);
        }
        if (ioLatency.size() > 1) {
            scanned.add(Schema.IO_LATENCY);
        }
        if (maxInFlight.size() > 1) {
            scanned.add(Schema.MAX_IN_FLIGHT);
        }
        return scanned;
    }

    /** How many points the scan has: 1 without one. */
    public int size() {
        return Math.max(1, parallelism.size()) * Math.max(1, cvThreads.size()) * Math.max(1, ioLatency.size())
                * Math.max(1, maxInFlight.size());
    }

    /**
     * Every combination of the scanned values, the first option's varying slowest, each a copy of
     * {@code base} with that combination; {@code base} alone without a scan.
     */
    public List<Point> points(Execution base) {
        List<Point> points = new ArrayList<>(List.of(new Point(base, Map.of())));
        points = expand(points, parallelism, Schema.PARALLELISM, Execution::withParallelism, String::valueOf);
        points = expand(points, cvThreads, Schema.CV_THREADS, Execution::withCvThreads, String::valueOf);
        points = expand(points, ioLatency, Schema.IO_LATENCY, Execution::withIoLatency, Scan::milliseconds);
        points = expand(points, maxInFlight, Schema.MAX_IN_FLIGHT, Execution::withMaxInFlight,
                InFlightLimit::toString);
        return points;
    }

    private interface With<T> {
        Execution apply(Execution execution, T value);
    }

    private static <T> List<Point> expand(List<Point> points, List<T> values, String column, With<T> with,
                                          Function<T, String> text) {
        if (values.size() < 2) {
            return points;
        }
        List<Point> expanded = new ArrayList<>();
        for (Point point : points) {
            for (T value : values) {
                Map<String, String> labels = new LinkedHashMap<>(point.values());
                labels.put(column, text.apply(value));
                expanded.add(new Point(with.apply(point.execution(), value), labels));
            }
        }
        return expanded;
    }

    /** "20", "0.5": a duration in milliseconds, as the io_latency_ms column shows it. */
    static String milliseconds(Duration duration) {
        return BigDecimal.valueOf(duration.toNanos()).movePointLeft(6).stripTrailingZeros().toPlainString();
    }

    /** "20ms", "0.5ms", or "0" for none: {@code --io-latency} as the options used show it. */
    static String latencyText(Duration latency) {
        return latency.isZero() ? "0" : milliseconds(latency) + "ms";
    }
}
