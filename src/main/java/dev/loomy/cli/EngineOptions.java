package dev.loomy.cli;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.engine.spark.SparkEngines;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Scan;
import picocli.CommandLine.Option;

/** Where the images are processed: in this JVM (and its forked children), or on Spark. */
public final class EngineOptions {

    static final String DEFAULT_MASTER = "local[*]";

    @Option(names = "--engine", paramLabel = "E", defaultValue = "local",
            description = "local (this JVM and its forked children) or spark (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--master", paramLabel = "URL",
            description = "with --engine=spark: local[N], local[N,F] (F tries per task), spark://host:port, "
                    + "or any master Spark accepts (default: " + DEFAULT_MASTER + ")")
    String master;

    @Option(names = "--spark-conf", paramLabel = "KEY=VALUE",
            description = "with --engine=spark, repeatable: passed to Spark's configuration")
    Map<String, String> sparkConf = new LinkedHashMap<>();

    @Option(names = "--partitions", paramLabel = "N",
            description = "with --engine=spark: how many tasks the images are split into (default: about 200 images "
                    + "a task, at least 2 tasks per executor core)")
    Integer partitions;

    /** The engine chosen, its options checked: those that only Spark takes need --engine=spark. */
    RunConfig.EngineChoice choice() throws UsageError {
        switch (engine) {
            case "local" -> {
                String given = master != null ? "--master" : !sparkConf.isEmpty() ? "--spark-conf"
                        : partitions != null ? "--partitions" : null;
                if (given != null) {
                    throw new UsageError(given + " needs --engine=spark");
                }
                return RunConfig.EngineChoice.LOCAL;
            }
            case "spark" -> {
                if (partitions != null && partitions < 1) {
                    throw new UsageError("--partitions must be at least 1, not " + partitions);
                }
                if (!SparkEngines.available()) {
                    throw new UsageError(SparkEngines.missing());
                }
                String chosen = master == null ? DEFAULT_MASTER : master;
                String problem = SparkMasters.problem(chosen, SparkEngines::clusterManagerTakes);
                if (problem != null) {
                    throw new UsageError(problem);
                }
                return new RunConfig.EngineChoice("spark", chosen, sparkConf, partitions);
            }
            default -> throw new UsageError("--engine=" + engine + ": unknown engine (known: local, spark)");
        }
    }

    /** What the Spark engine cannot do, refused before any work: each is a promise about the JVM that measures. */
    static void checkTakes(RunConfig.EngineChoice engine, boolean reproducible, boolean autoRepeat,
                           List<String> profiles, Scan scan) throws UsageError {
        if (!engine.spark()) {
            return;
        }
        if (reproducible) {
            throw new UsageError("--reproducible with --engine=spark: executors cannot be started with OpenCV pinned");
        }
        if (autoRepeat) {
            // The count would follow the driver's view of whole jobs, each paying Spark's scheduling: give it.
            throw new UsageError("--repeat=auto with --engine=spark: each run is a Spark job over every image; "
                    + "give the number of runs, --repeat=N");
        }
        if (!profiles.isEmpty()) {
            throw new UsageError("--profile with --engine=spark: the profilers watch the JVM that processes the images, "
                    + "and on Spark that is each executor, not loomy's");
        }
        if (scan.size() > 1) {
            // Each point would need executors started anew (their carriers and OpenCV threads are fixed).
            throw new UsageError("a scan of " + String.join(", ", scan.scanned()) + " with --engine=spark: Spark "
                    + "measures one setting per run; scan with the local engine, or run Spark once per value");
        }
    }
}
