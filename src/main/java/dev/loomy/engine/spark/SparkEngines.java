package dev.loomy.engine.spark;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import dev.loomy.engine.EngineProviders;
import dev.loomy.files.UriFiles;

/**
 * Finds the Spark engine's {@link SparkProvider}, which is not part of loomy's own jar: it comes with
 * Spark's jars (about 160 MB) in the build that {@code ./run.sh --engine=spark} makes the first time,
 * so that users of the local engine never download or load them.
 */
public final class SparkEngines {

    private SparkEngines() {
    }

    /** Whether this JVM's class path has the Spark engine and Spark. */
    public static boolean available() {
        return provider().isPresent();
    }

    /** What to say when it is not: one line. */
    public static String missing() {
        return "--engine=spark needs Spark's jars, which loomy's own jar leaves out: run it through ./run.sh, "
                + "which builds them once into target/loomy-spark";
    }

    /** Whether a cluster manager on the class path takes {@code master}; false when Spark is not here. */
    public static boolean clusterManagerTakes(String master) {
        return provider().map(spark -> spark.clusterManagerTakes(master)).orElse(false);
    }

    /** {@link SparkProvider#uriFiles}; call only when {@link #available()}. */
    public static UriFiles uriFiles(Map<String, String> sparkConf) {
        return present().uriFiles(sparkConf);
    }

    /** {@link SparkProvider#unknownKeys}; call only when {@link #available()}. */
    public static List<String> unknownKeys(Map<String, String> sparkConf, String master) {
        return present().unknownKeys(sparkConf, master);
    }

    private static Optional<SparkProvider> provider() {
        return EngineProviders.named(SparkProvider.NAME).filter(SparkProvider.class::isInstance)
                .map(SparkProvider.class::cast);
    }

    private static SparkProvider present() {
        return provider().orElseThrow(() -> new IllegalStateException(missing()));
    }
}
