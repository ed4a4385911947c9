package dev.loomy.engine.spark;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.spark.SparkConf;
import org.apache.spark.internal.config.ConfigEntry;

/**
 * {@code --spark-conf} checked before any work, as Spark itself would take it. A value goes
 * through the converter Spark registered for its key (with the key's own range checks), then
 * Spark's cross-checks of the settings together; otherwise Spark would refuse it only while its
 * context starts, in log lines and a stack frame. A key Spark has not registered is named: Spark
 * would take it silently and read it nowhere (a typo, say).
 */
public final class SparkConfCheck {

    /** The objects whose initialisation registers Spark core's settings; those absent from a version are skipped. */
    private static final List<String> REGISTRIES = List.of("package$", "Deploy$", "History$", "Kryo$", "Network$",
            "Python$", "R$", "Status$", "Streaming$", "Tests$", "UI$", "Worker$");

    /**
     * Keys Spark reads without registering them, and namespaces it reads by prefix or that belong to
     * modules not on this class path (YARN, Kubernetes, SQL).
     */
    private static final List<String> READ_AS_IS = List.of("spark.app.name", "spark.master", "spark.local.dir");
    private static final List<String> PREFIXES = List.of("spark.hadoop.", "spark.executorEnv.", "spark.driver.resource.",
            "spark.executor.resource.", "spark.task.resource.", "spark.worker.resource.", "spark.metrics.conf.",
            "spark.ssl.", "spark.sql.", "spark.kubernetes.", "spark.yarn.");

    private SparkConfCheck() {
    }

    /**
     * @param given  the settings given ({@code --spark-conf}); loomy's own key is not Spark's to judge
     * @param master the master the run uses
     * @return the keys Spark does not know, in the order given
     * @throws IllegalArgumentException a value Spark refuses, in one line that names it
     */
    public static List<String> unknownKeys(Map<String, String> given, String master) {
        ClassLoader loader = SparkConfCheck.class.getClassLoader();
        for (String registry : REGISTRIES) {
            try {
                Class.forName("org.apache.spark.internal.config." + registry, true, loader);
            } catch (ClassNotFoundException e) {
                // Another Spark version: its registry is what it is.
            }
        }
        List<String> unknown = new ArrayList<>();
        SparkConf registered = new SparkConf(false).setMaster(master);
        given.forEach((key, value) -> {
            if (key.equals(SparkEngine.FAIL_FIRST_ATTEMPT)) {
                return;
            }
            ConfigEntry<?> entry = ConfigEntry.findEntry(key);
            if (entry == null) {
                if (!known(key)) {
                    unknown.add(key);
                }
                return;
            }
            try {
                entry.valueConverter().apply(value);
            } catch (RuntimeException e) {
                throw refused(key, value, e);
            }
            registered.set(key, value);
        });
        try {
            // Only registered keys: a deprecated one would have Spark warn twice, here and when the run starts.
            registered.validateSettings();
        } catch (RuntimeException e) {
            throw refused(null, null, e);
        }
        return unknown;
    }

    /** Whether Spark reads {@code key} though it has no entry of its own: as is, by prefix, or as an older name. */
    private static boolean known(String key) {
        if (READ_AS_IS.contains(key) || PREFIXES.stream().anyMatch(key::startsWith)) {
            return true;
        }
        Map<String, String> older = Map.of(key, "");
        return ConfigEntry.listAllEntries().stream().anyMatch(entry -> entry.alternatives().contains(key)
                || SparkConf.getDeprecatedConfig(entry.key(), older).isDefined());
    }

    /** Spark's reason in one line, without its error class and SQL state ({@code [INVALID_CONF_VALUE...] ... SQLSTATE: 22022}). */
    private static IllegalArgumentException refused(String key, String value, RuntimeException e) {
        String reason = String.valueOf(e.getMessage()).lines().findFirst().orElse(e.getClass().getSimpleName())
                .replaceFirst("^\\[[A-Z_.]+\\] ", "").replaceFirst(" SQLSTATE: \\w+$", "");
        String setting = key == null ? "" : " " + key + "=" + value;
        return new IllegalArgumentException("--spark-conf" + setting + ": Spark refuses it: " + reason);
    }
}
