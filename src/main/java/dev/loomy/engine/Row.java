package dev.loomy.engine;

import dev.loomy.results.Measurement;

/**
 * One row of a comparison (a strategy with a filter, at a point of a scan) measured a run at a
 * time, so that {@link Rounds} can take the rows' runs in turns: its warm-ups first, then one
 * counted run per call until it has enough, then its measurement. In this JVM ({@link RowRuns})
 * or in a child JVM that stays warm between the calls ({@code ChildProcess}).
 */
public interface Row {

    /** How people read it in an order of runs: {@code virtual / Cartoon2}, with any scanned values. */
    String label();

    /** Starts the row (a child JVM, say) and takes its warm-ups. */
    void warmUp() throws InterruptedException;

    /** Whether it takes another counted run: not once it has enough, crashed or was interrupted. */
    boolean needsMore();

    /** One more counted run. */
    void runOnce() throws InterruptedException;

    /** Asks the row to stop without waiting for it (an interrupt): a child JVM is sent SIGTERM. */
    default void stop() {
    }

    /** What it measured, once it takes no more runs (or was interrupted); ends what it started. */
    Measurement finish() throws InterruptedException;
}
