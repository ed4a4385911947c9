package dev.loomy.engine.spark;

import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

import org.apache.spark.scheduler.ExternalClusterManager;

import dev.loomy.engine.Engine;
import dev.loomy.files.UriFiles;

/** The Spark engine as the core finds it ({@code META-INF/services/dev.loomy.engine.EngineProvider}). */
public final class SparkEngineProvider implements SparkProvider {

    @Override
    public Engine engine(Context context) {
        return new SparkEngine(context.control(), context.failures(), context.listener(), context.console());
    }

    @Override
    public boolean clusterManagerTakes(String master) {
        try {
            for (ExternalClusterManager manager : ServiceLoader.load(ExternalClusterManager.class,
                    SparkEngineProvider.class.getClassLoader())) {
                if (manager.canCreate(master)) {
                    return true;
                }
            }
            return false;
        } catch (ServiceConfigurationError | LinkageError e) {
            // A cluster manager whose own classes are missing takes nothing.
            return false;
        }
    }

    @Override
    public UriFiles uriFiles(Map<String, String> sparkConf) {
        return new HadoopFiles(sparkConf);
    }

    @Override
    public List<String> unknownKeys(Map<String, String> sparkConf, String master) {
        return SparkConfCheck.unknownKeys(sparkConf, master);
    }
}
