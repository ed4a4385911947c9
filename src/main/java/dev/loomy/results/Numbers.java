package dev.loomy.results;

import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.StringJoiner;

/** Number formatting shared by the formats: fixed decimals, dot separator, "" for missing or infinite (json's null). */
public final class Numbers {

    private Numbers() {
    }

    public static String fixed(double value, int decimals) {
        return !Double.isFinite(value) ? "" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }

    public static String fixed(OptionalDouble value, int decimals) {
        return value.isPresent() ? fixed(value.getAsDouble(), decimals) : "";
    }

    /** Bytes as MiB with one decimal, "" when unknown (negative). */
    public static String mebibytes(long bytes) {
        return bytes < 0 ? "" : fixed(bytes / (1024.0 * 1024.0), 1);
    }

    public static String count(long value) {
        return value < 0 ? "" : Long.toString(value);
    }

    /** Each lane's median finishing time: "last image done at: priority 1 412.0 ms, priority 10 415.3 ms". */
    public static String lanes(Map<String, Double> laneMedianMs) {
        StringJoiner lanes = new StringJoiner(", ", "last image done at: ", "");
        laneMedianMs.forEach((lane, ms) -> lanes.add(lane + " " + fixed(ms, 1) + " ms"));
        return lanes.toString();
    }
}
