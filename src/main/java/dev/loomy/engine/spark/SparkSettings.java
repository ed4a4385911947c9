package dev.loomy.engine.spark;

import java.io.Serializable;
import java.util.Map;

/**
 * How a run goes on Spark ({@code --engine=spark}), and what executors need to rebuild the
 * filters and the pipeline that the driver resolved: they get the filters file's text, never
 * its path, which an executor on another machine would not see.
 *
 * @param master       Spark's master URL: {@code local[N]}, {@code local[N,F]}, {@code spark://host:port}, ...
 * @param conf         extra Spark configuration ({@code --spark-conf}), applied last
 * @param partitions   how many tasks the images are split into, or null for the default
 * @param filtersName  the filters file's name, for messages
 * @param filtersText  the filters file's text, or null for the one packaged in loomy
 * @param cvThreads    OpenCV's threads inside one filter call, in each executor
 * @param maxInFlight  {@code --max-in-flight} as given: each executor JVM keeps to it
 * @param parallelism  {@code --parallelism} when given, else null: the strategy in a task then gets the task's cores
 */
public record SparkSettings(String master, Map<String, String> conf, Integer partitions, String filtersName,
                            String filtersText, int cvThreads, String maxInFlight, Integer parallelism)
        implements Serializable {

    public static final String DEFAULT_MASTER = "local[*]";

    public SparkSettings {
        conf = Map.copyOf(conf);
    }
}
