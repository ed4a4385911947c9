package dev.loomy.results;

import java.util.Map;
import java.util.TreeMap;

/**
 * What makes two rows comparable across runs: the strategy, the filter and the values of the
 * scanned options ({@code parallelism=4}); rows with the same key are the same experiment.
 */
public record RowKey(String strategy, String filter, Map<String, String> scan) {

    public RowKey {
        scan = Map.copyOf(scan);
    }

    /** {@code virtual / Cartoon2}, then any scanned values: {@code virtual / Cartoon2 (parallelism=4)}. */
    public String label() {
        return strategy + " / " + filter + scanned();
    }

    /** The scanned values, {@code " (parallelism=4)"}; empty outside a scan. */
    public String scanned() {
        if (scan.isEmpty()) {
            return "";
        }
        StringBuilder values = new StringBuilder();
        new TreeMap<>(scan).forEach((k, v) -> values.append(values.isEmpty() ? "" : ", ").append(k).append('=').append(v));
        return " (" + values + ")";
    }
}
