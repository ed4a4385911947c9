package dev.loomy.engine.spark;

import java.util.List;
import java.util.Map;

import dev.loomy.engine.EngineProvider;
import dev.loomy.files.UriFiles;

/**
 * The Spark engine's provider ({@code --engine=spark}), implemented beside the engine in its own build:
 * besides the engine, what the command line needs of Spark before the run, to check its options and
 * reach inputs and outputs named by URIs.
 */
public interface SparkProvider extends EngineProvider {

    String NAME = "spark";

    @Override
    default String name() {
        return NAME;
    }

    /**
     * Whether a cluster manager on the class path takes {@code master} (yarn, k8s://..., or another of
     * Spark's ExternalClusterManagers), as Spark looks for one when the context starts.
     */
    boolean clusterManagerTakes(String master);

    /** Inputs and outputs named by URIs, read through Hadoop's FileSystem with the Hadoop settings among {@code sparkConf}. */
    UriFiles uriFiles(Map<String, String> sparkConf);

    /**
     * The keys of {@code sparkConf} that Spark does not know.
     *
     * @throws IllegalArgumentException a value Spark refuses, in one line that names it
     */
    List<String> unknownKeys(Map<String, String> sparkConf, String master);
}
