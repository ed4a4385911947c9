package dev.loomy.run;

import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/** {@code --spark-conf} as results show it: results files are shared, credentials must not be. */
final class SparkSecrets {

    /** Spark's default {@code spark.redaction.regex}. */
    private static final String SECRET = "(?i)secret|password|token|access[.]key";

    private SparkSecrets() {
    }

    /**
     * {@code conf} hidden as Spark hides it in its UI and logs: a value is replaced when its key or
     * the value itself matches {@code spark.redaction.regex} (given there, or Spark's default).
     */
    static Map<String, String> redacted(Map<String, String> conf) {
        Pattern secret = Pattern.compile(conf.getOrDefault("spark.redaction.regex", SECRET));
        Map<String, String> shown = new TreeMap<>();
        conf.forEach((key, value) -> shown.put(key,
                secret.matcher(key).find() || secret.matcher(value).find() ? "*********(redacted)" : value));
        return shown;
    }
}
