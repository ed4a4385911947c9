package dev.loomy.cli;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.stream.Collectors;

import dev.loomy.run.Scan;

/** The values of the options a scan may vary, from {@link RunOptions}, checked. */
final class Scans {

    /**
     * Threads that --parallelism and --cv-threads may ask for, at most: far beyond any useful
     * oversubscription, and far below what would exhaust the system's threads or memory.
     */
    static final int MAX_THREADS = 4096;

    private Scans() {
    }

    /** A list of several values scans its option. */
    static Scan of(RunOptions run) throws UsageError {
        List<Integer> parallelisms = run.parallelism != null ? run.parallelism
                : List.of(Runtime.getRuntime().availableProcessors());
        threads("--parallelism", parallelisms);
        threads("--cv-threads", run.cvThreads);
        return new Scan(distinct(parallelisms), distinct(run.cvThreads), distinct(run.ioLatency),
                distinct(run.maxInFlight));
    }

    /** Carriers are fixed when a JVM's first virtual thread starts: only children can have several counts. */
    static void checkInOneJvm(Scan scan, List<String> strategies, Boolean fork) throws UsageError {
        boolean virtual = strategies.stream().anyMatch(s -> s.startsWith("virtual"));
        if (virtual && scan.parallelism().size() > 1 && Boolean.FALSE.equals(fork)) {
            throw new UsageError("--parallelism=" + scan.parallelism().stream().map(String::valueOf)
                    .collect(Collectors.joining(",")) + " with --no-fork: a JVM's virtual-thread carriers are fixed "
                    + "when its first virtual thread starts; drop --no-fork");
        }
    }

    private static void threads(String option, List<Integer> values) throws UsageError {
        for (int value : values) {
            if (value < 1 || value > MAX_THREADS) {
                throw new UsageError(option + " must be from 1 to " + MAX_THREADS + ", not " + value);
            }
        }
    }

    /** A value given twice is one point of the scan. */
    private static <T> List<T> distinct(List<T> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }
}
