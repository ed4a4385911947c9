package dev.loomy.cli;

import picocli.CommandLine.Option;

/** How many times each (strategy, filter) runs, and in which JVM. */
public final class MeasureOptions {

    @Option(names = "--repeat", paramLabel = "N|auto", defaultValue = "1",
            description = "counted runs per strategy and filter, or auto: at least 3, more until the 95%% confidence "
                    + "interval of the mean is within 3%%, at most 30 or 60 s (default: ${DEFAULT-VALUE})")
    String repeat;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "0",
            description = "uncounted runs before them, to warm up the JIT and the caches (default: ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = "--fork", negatable = true,
            description = "measure each strategy and filter in its own child JVM, as JMH does, or (--no-fork) all "
                    + "in this one (default: fork when more than one strategy and filter are measured)")
    Boolean fork;

    /** Whether the number of counted runs is automatic ({@code --repeat=auto}). */
    boolean autoRepeat() {
        return repeat.trim().equalsIgnoreCase("auto");
    }

    /** The counted runs asked for: at least 1 for a number; with auto, the minimum it takes. */
    int repeats() throws UsageError {
        if (autoRepeat()) {
            return dev.loomy.stats.AutoRepeat.MIN_RUNS;
        }
        try {
            int n = Integer.parseInt(repeat.trim());
            if (n < 1) {
                throw new UsageError("--repeat must be at least 1, not " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new UsageError("--repeat=" + repeat + ": a whole number or auto was expected");
        }
    }
}
