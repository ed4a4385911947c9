package dev.loomy.cli;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import dev.loomy.console.Console;
import dev.loomy.engine.EngineProvider;
import dev.loomy.engine.EngineProviders;
import dev.loomy.engine.spark.SparkEngines;
import dev.loomy.engine.spark.SparkProvider;
import dev.loomy.manifest.Manifest;
import dev.loomy.run.EngineChoice;
import dev.loomy.run.Scan;
import dev.loomy.strategy.StructuredStrategy;

/** The engine that {@link EngineOptions} choose, checked: what only Spark takes, and what Spark cannot do. */
final class Engines {

    private Engines() {
    }

    /**
     * The engine chosen and what it refuses of the run: {@link #choice}, then {@link #checkTakes}.
     *
     * @param run the options checked already, with {@code checked}
     */
    static EngineChoice check(EngineOptions options, RunOptions run, Runs.Checked checked,
                                        MeasureOptions measure, Console console) throws UsageError {
        EngineChoice engine = choice(options, console);
        checkTakes(engine, run, checked.strategyNames(), Measures.autoRepeat(measure), measure.rigor.profile,
                checked.scan());
        return engine;
    }

    /**
     * The engine chosen, its options checked: those that only Spark takes need --engine=spark; a
     * {@code --spark-conf} value Spark refuses is bad usage, a key it does not know a warning.
     */
    private static EngineChoice choice(EngineOptions options, Console console) throws UsageError {
        // The default is never looked for on the class path: a plain run scans no jar for providers.
        EngineChoice.Kind kind = options.engine.equals(EngineChoice.Kind.LOCAL.label())
                ? EngineChoice.Kind.LOCAL
                : UsageError.of(() -> EngineChoice.Kind.parse(options.engine, known()));
        if (!kind.equals(EngineChoice.Kind.SPARK)) {
            String given = options.master != null ? "--master" : !options.sparkConf.isEmpty() ? "--spark-conf"
                    : options.partitions != null ? "--partitions" : null;
            if (given != null) {
                throw new UsageError(given + " needs --engine=spark");
            }
            return kind.equals(EngineChoice.Kind.LOCAL) ? EngineChoice.LOCAL
                    : new EngineChoice(kind, null, Map.of(), null);
        }
        if (options.partitions != null && options.partitions < 1) {
            throw new UsageError("--partitions must be at least 1, not " + options.partitions);
        }
        if (!SparkEngines.available()) {
            throw new UsageError(SparkEngines.missing());
        }
        String chosen = options.master == null ? EngineOptions.DEFAULT_MASTER : options.master;
        String problem = SparkMasters.problem(chosen, SparkEngines::clusterManagerTakes);
        if (problem != null) {
            throw new UsageError(problem);
        }
        List<String> unknown = UsageError.of(() -> SparkEngines.unknownKeys(options.sparkConf, chosen));
        unknown.forEach(key -> console.warning("--spark-conf " + key, "not a setting this Spark knows: passed on, "
                + "and likely read by nothing"));
        return new EngineChoice(kind, chosen, options.sparkConf, options.partitions);
    }

    /**
     * The {@code --engine} values: {@code local}, {@code spark} (whose missing jars are said in a line of
     * their own), then the engines of the providers on the class path. Looked for only when another
     * engine than the local one is asked for.
     */
    private static List<String> known() {
        return Stream.concat(Stream.of(EngineChoice.Kind.LOCAL.label(), SparkProvider.NAME),
                EngineProviders.all().stream().map(EngineProvider::name)).distinct().toList();
    }

    /** What the Spark engine cannot do, refused before any work: each is a promise about the JVM that measures. */
    private static void checkTakes(EngineChoice engine, RunOptions run, List<String> strategies,
                                   boolean autoRepeat, List<String> profiles, Scan scan) throws UsageError {
        if (!engine.spark()) {
            return;
        }
        String output = run.output.orElse(null);
        if (run.incremental && output != null && Locations.isUri(output) && Manifest.folderOf(output) == null) {
            throw new UsageError("--incremental with --output=" + output + ": the manifest is kept only in an output "
                    + "folder on a path or a file: URI; HDFS and S3 have no lock that a killed run lets go of");
        }
        if (run.failFast) {
            throw new UsageError("--fail-fast with --engine=spark: Spark's tasks run their batches to the end; "
                    + "stopping at the first failure is the local engine's");
        }
        if (strategies.contains(StructuredStrategy.NAME)) {
            throw new UsageError("-s " + StructuredStrategy.NAME + " with --engine=spark: Spark's executors are not "
                    + "started with Java's preview features");
        }
        if (run.reproducible) {
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
