package dev.loomy.engine.spark;

import java.io.Serializable;

/**
 * What every task of one run needs besides its images: the driver's resolved settings,
 * sent with each task (a few kilobytes: the filters file's text at most).
 *
 * @param strategy        the strategy each task runs its images with
 * @param filter          the filter's name in the filters file
 * @param ioLatencyNanos  {@code --io-latency}
 * @param failFirstTries  for tests of retries ({@code loomy.spark.failFirstAttemptAfter}): the first attempt of
 *                        every task fails after this many images; below zero, never
 */
record Work(SparkSettings settings, String strategy, String filter, long ioLatencyNanos, int failFirstTries)
        implements Serializable {
}
