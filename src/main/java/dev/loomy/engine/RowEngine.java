package dev.loomy.engine;

import java.util.List;

import dev.loomy.run.RunConfig;

/**
 * An engine whose trials are rows measured a run at a time, which {@link Rounds} can interleave and a
 * scan or a comparison of JVMs can spread over its points: the local engines. An engine that measures
 * a trial only whole (Spark) is an {@link Engine} alone, and {@link Runner} takes its run whole.
 */
public interface RowEngine extends Engine {

    /** The trials of {@code config}, as rows; none is started yet. */
    List<Row> rows(RunConfig config);
}
