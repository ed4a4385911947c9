package dev.loomy.cli;

import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code --master}, checked before any work as Spark's SparkContext parses it (its
 * {@code SparkMasterRegex}, Spark 4.2): otherwise a bad URL surfaces only when the context
 * starts, as a SparkException, after the output folder was made.
 */
final class SparkMasters {

    /** The forms Spark takes, for the message. */
    static final String FORMS = "local, local[N], local[*], local[N,F], local-cluster[N,C,M], "
            + "spark://HOST:PORT[,HOST:PORT...], yarn, k8s://URL";

    /** The most task threads local[N] may ask a core for. */
    static final int THREADS_PER_CORE = 4;

    private static final Pattern LOCAL = Pattern.compile("local\\[([0-9]+|\\*)\\]");
    private static final Pattern LOCAL_TRIES = Pattern.compile("local\\[([0-9]+|\\*)\\s*,\\s*([0-9]+)\\]");
    private static final Pattern LOCAL_CLUSTER =
            Pattern.compile("local-cluster\\[\\s*([0-9]+)\\s*,\\s*([0-9]+)\\s*,\\s*([0-9]+)\\s*]");
    // Spark reads each standalone master as a URI that must have a host and a port and nothing else.
    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+\\]|[^\\s:/?#@\\[\\],]+):([0-9]{1,5})");

    private SparkMasters() {
    }

    /**
     * What is wrong with {@code master}, in one line, or null when Spark takes it.
     *
     * @param clusterManager whether a cluster manager on the class path takes a URL (yarn, k8s://,
     *                       any other): Spark finds those by ServiceLoader, and its core has none
     */
    static String problem(String master, Predicate<String> clusterManager) {
        return problem(master, clusterManager, Runtime.getRuntime().availableProcessors());
    }

    /** As {@link #problem(String, Predicate)}, on a machine of {@code cores} cores. */
    static String problem(String master, Predicate<String> clusterManager, int cores) {
        String option = "--master=" + master + ": ";
        if (master.equals("local")) {
            return null;
        }
        Matcher local = LOCAL.matcher(master);
        Matcher tries = LOCAL_TRIES.matcher(master);
        if (local.matches() || tries.matches()) {
            String threads = local.matches() ? local.group(1) : tries.group(1);
            // Spark parses N as an int and refuses 0 threads, both only when the context starts.
            if (!threads.equals("*") && !positiveInt(threads)) {
                return option + "the number of task threads must be 1 to " + Integer.MAX_VALUE;
            }
            if (!threads.equals("*") && Integer.parseInt(threads) > THREADS_PER_CORE * cores) {
                // Each task thread holds images in flight: 99999 of them would only exhaust memory and threads.
                return option + "at most " + THREADS_PER_CORE + " task threads a core, " + THREADS_PER_CORE * cores
                        + " on this machine's " + cores + (cores == 1 ? " core" : " cores");
            }
            if (tries.matches() && !isInt(tries.group(2))) {
                return option + "the tries per task must be at most " + Integer.MAX_VALUE;
            }
            return null;
        }
        Matcher cluster = LOCAL_CLUSTER.matcher(master);
        if (cluster.matches()) {
            for (int i = 1; i <= 3; i++) {
                if (!positiveInt(cluster.group(i))) {
                    return option + "local-cluster[N,C,M] takes workers, cores per worker and megabytes per worker, "
                            + "each at least 1";
                }
            }
            return null;
        }
        if (master.startsWith("spark://")) {
            for (String address : master.substring("spark://".length()).split(",", -1)) {
                Matcher hostPort = HOST_PORT.matcher(address);
                if (!hostPort.matches() || Integer.parseInt(hostPort.group(2)) < 1
                        || Integer.parseInt(hostPort.group(2)) > 65535) {
                    return option + "a standalone master is spark://HOST:PORT (several: spark://HOST:PORT,HOST:PORT), "
                            + "not " + (address.isEmpty() ? "an empty address" : "'" + address + "'");
                }
            }
            return null;
        }
        boolean yarn = master.equals("yarn");
        boolean kubernetes = master.startsWith("k8s://") && master.length() > "k8s://".length();
        if (clusterManager.test(master)) {
            return null;
        }
        if (yarn || kubernetes) {
            return option + "needs Spark's " + (yarn ? "YARN support (spark-yarn_2.13)" : "Kubernetes support "
                    + "(spark-kubernetes_2.13)") + " on the class path; loomy's Spark build has Spark's core only";
        }
        return option + "not a master URL that Spark takes (" + FORMS + ")";
    }

    private static boolean positiveInt(String digits) {
        return isInt(digits) && Integer.parseInt(digits) >= 1;
    }

    private static boolean isInt(String digits) {
        try {
            Integer.parseInt(digits);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
