package dev.loomy.engine.spark;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.List;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

import dev.loomy.console.Console;
import dev.loomy.engine.Engine;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunListener;
import dev.loomy.files.UriFiles;
import dev.loomy.run.RunControl;

/**
 * Finds the Spark engine, which is not part of loomy's own jar: it comes with Spark's jars
 * (about 160 MB) in the build that {@code ./run.sh --engine=spark} makes the first time, so
 * that users of the local engine never download or load them.
 */
public final class SparkEngines {

    static final String IMPLEMENTATION = "dev.loomy.engine.spark.SparkEngine";
    static final String URI_FILES = "dev.loomy.engine.spark.HadoopFiles";
    static final String CONF_CHECK = "dev.loomy.engine.spark.SparkConfCheck";

    private SparkEngines() {
    }

    /** Whether this JVM's class path has the Spark engine and Spark. */
    public static boolean available() {
        try {
            Class.forName(IMPLEMENTATION, false, SparkEngines.class.getClassLoader());
            Class.forName("org.apache.spark.SparkContext", false, SparkEngines.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Whether a cluster manager on the class path takes {@code master} (yarn, k8s://..., or another
     * of Spark's ExternalClusterManagers): Spark looks them up the same way, by ServiceLoader, when
     * the context starts. False when Spark is not here.
     */
    public static boolean clusterManagerTakes(String master) {
        ClassLoader loader = SparkEngines.class.getClassLoader();
        try {
            Class<?> type = Class.forName("org.apache.spark.scheduler.ExternalClusterManager", false, loader);
            Method canCreate = type.getMethod("canCreate", String.class);
            for (Object manager : ServiceLoader.load(type, loader)) {
                if (Boolean.TRUE.equals(canCreate.invoke(manager, master))) {
                    return true;
                }
            }
            return false;
        } catch (ReflectiveOperationException | LinkageError | ServiceConfigurationError e) {
            return false;
        }
    }

    /** What to say when it is not: one line. */
    public static String missing() {
        return "--engine=spark needs Spark's jars, which loomy's own jar leaves out: run it through ./run.sh, "
                + "which builds them once into target/loomy-spark";
    }

    /**
     * Inputs and outputs named by URIs, read through Hadoop's FileSystem with the Hadoop settings
     * among {@code sparkConf} ({@code spark.hadoop.*}); call only when {@link #available()}.
     */
    public static UriFiles uriFiles(Map<String, String> sparkConf) {
        try {
            return (UriFiles) Class.forName(URI_FILES).getConstructor(Map.class).newInstance(sparkConf);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Hadoop's file systems cannot be reached: " + e, e);
        }
    }

    /**
     * The keys of {@code sparkConf} that Spark does not know; call only when {@link #available()}.
     *
     * @throws IllegalArgumentException a value Spark refuses, in one line that names it
     */
    @SuppressWarnings("unchecked")
    public static List<String> unknownKeys(Map<String, String> sparkConf, String master) {
        try {
            return (List<String>) Class.forName(CONF_CHECK).getMethod("unknownKeys", Map.class, String.class)
                    .invoke(null, sparkConf, master);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Spark's settings cannot be checked: " + e, e);
        }
    }

    /** The engine that measures every trial on Spark; call only when {@link #available()}. */
    public static Engine engine(RunControl control, FailureLog failures, RunListener listener, Console console) {
        try {
            return (Engine) Class.forName(IMPLEMENTATION)
                    .getConstructor(RunControl.class, FailureLog.class, RunListener.class, Console.class)
                    .newInstance(control, failures, listener, console);
        } catch (InvocationTargetException e) {
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("the Spark engine cannot be made: " + e, e);
        }
    }
}
