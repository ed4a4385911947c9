package dev.loomy.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.loomy.engine.spark.SparkEngines;
import dev.loomy.engine.spark.SparkSettings;
import dev.loomy.filter.config.FiltersFileLoader;
import picocli.CommandLine.Option;

/** Where the images are processed: in this JVM (and its forked children), or on Spark. */
public final class EngineOptions {

    @Option(names = "--engine", paramLabel = "E", defaultValue = "local",
            description = "local (this JVM and its forked children) or spark (default: ${DEFAULT-VALUE})")
    String engine;

    @Option(names = "--master", paramLabel = "URL",
            description = "with --engine=spark: local[N], local[N,F] (F tries per task), spark://host:port, "
                    + "or any master Spark accepts (default: " + SparkSettings.DEFAULT_MASTER + ")")
    String master;

    @Option(names = "--spark-conf", paramLabel = "KEY=VALUE",
            description = "with --engine=spark, repeatable: passed to Spark's configuration")
    Map<String, String> sparkConf = new LinkedHashMap<>();

    @Option(names = "--partitions", paramLabel = "N",
            description = "with --engine=spark: how many tasks the images are split into (default: about 200 images "
                    + "a task, at least 2 tasks per executor core)")
    Integer partitions;

    /** Whether the run goes on Spark; checks the options that only Spark takes. */
    boolean spark() throws UsageError {
        boolean spark = switch (engine) {
            case "local" -> false;
            case "spark" -> true;
            default -> throw new UsageError("--engine=" + engine + ": unknown engine (known: local, spark)");
        };
        if (!spark) {
            String given = master != null ? "--master" : !sparkConf.isEmpty() ? "--spark-conf"
                    : partitions != null ? "--partitions" : null;
            if (given != null) {
                throw new UsageError(given + " needs --engine=spark");
            }
            return false;
        }
        if (partitions != null && partitions < 1) {
            throw new UsageError("--partitions must be at least 1, not " + partitions);
        }
        if (!SparkEngines.available()) {
            throw new UsageError(SparkEngines.missing());
        }
        return true;
    }

    String master() {
        return master == null ? SparkSettings.DEFAULT_MASTER : master;
    }

    /** The Spark run's settings; executors get the filters file's text, read here once more. */
    SparkSettings settings(ConfigOption config, RunOptions run) throws UsageError {
        Path file = FiltersFileLoader.chosen(config.file, Path.of(""));
        String text = null;
        if (file != null) {
            try {
                text = Files.readString(file);
            } catch (IOException e) {
                throw new UsageError(file + ": cannot read: " + e);
            }
        }
        return new SparkSettings(master(), sparkConf, partitions,
                file == null ? null : file.toString(), text, run.cvThreads, run.maxInFlight.toString(), run.parallelism);
    }
}
