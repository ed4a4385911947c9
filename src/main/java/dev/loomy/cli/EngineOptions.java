package dev.loomy.cli;

import java.util.LinkedHashMap;
import java.util.Map;

import picocli.CommandLine.Option;

/** Where the images are processed: in this JVM (and its forked children), or on Spark. */
public final class EngineOptions {

    static final String DEFAULT_MASTER = "local[*]";

    @Option(names = "--engine", paramLabel = "E",
            description = "local (this JVM and its forked children) or spark (default: ${DEFAULT-VALUE})")
    String engine = "local";

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
}
