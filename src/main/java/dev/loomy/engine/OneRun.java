package dev.loomy.engine;

import dev.loomy.results.RunRecord;

/**
 * One run over every image, named by {@code label} (e.g. "virtual / Cartoon2 run 1/3"), wherever it
 * runs (in this JVM, on Spark): what {@link RowRuns} repeats, and what {@link Benchmark} gives it.
 */
@FunctionalInterface
public interface OneRun {

    RunRecord run(String label) throws InterruptedException;
}
