package dev.loomy.engine.spark;

import java.io.Serializable;

/**
 * What every task of one run needs besides its images: the run as the driver decided it, as
 * JSON (its filters resolved to their values, its list of images left out: each task has its
 * own), and which trial this is. Each image's output is found on the executor from its relative
 * path, as the local engine finds it, so that batches carry inputs only.
 *
 * @param config          {@link dev.loomy.run.RunConfig#toJson} of the run without its images
 * @param output          the output folder on a path, made absolute, as a line of {@link Batch#line(java.nio.file.Path)};
 *                        null when nothing is written on a path (nothing at all, or through a URI, which the
 *                        config holds)
 * @param failFirstTries  for tests of retries ({@link SparkEngine#FAIL_FIRST_ATTEMPT}): the first attempt of
 *                        every task fails after this many images; below zero, never
 * @param manifestRoot    the output folder's path, which the records of outputs made are relative to; null
 *                        when the outputs are not recorded ({@link SparkManifest})
 * @param definition      the trial's filter's definition digest for its records, or null
 */
record Work(String config, String output, String strategy, String filter, int failFirstTries, String manifestRoot,
            String definition) implements Serializable {

    /** Work whose outputs are not recorded. */
    Work(String config, String output, String strategy, String filter, int failFirstTries) {
        this(config, output, strategy, filter, failFirstTries, null, null);
    }

    /** This work, its outputs recorded relative to {@code manifestRoot} with {@code definition}. */
    Work recorded(String manifestRoot, String definition) {
        return new Work(config, output, strategy, filter, failFirstTries, manifestRoot, definition);
    }
}
