package dev.loomy.cli.spark;

import java.util.ArrayList;
import java.util.List;

import dev.loomy.cli.Main;
import dev.loomy.console.Console;
import dev.loomy.run.ExitCodes;

/**
 * loomy's main command as a Spark application, for {@code spark-submit}: the application
 * jar's Main-Class. It runs with {@code --engine=spark} (unless told otherwise) on the master
 * that spark-submit was given, which spark-submit hands over as the {@code spark.master}
 * property; so loomy's own {@code --master} is refused here, in one line, rather than one of the
 * two silently winning. spark-submit's {@code --conf} settings reach Spark as they are.
 */
public final class SubmitMain {

    private SubmitMain() {
    }

    public static void main(String[] args) {
        int status = run(args, System.getProperty("spark.master"));
        System.out.flush();
        System.exit(status);
    }

    static int run(String[] args, String master) {
        if (value(args, "--master") != null && master != null) {
            new Console(System.err, false).error("--master with spark-submit: give the master to spark-submit (--master "
                    + master + " now), not to loomy");
            return ExitCodes.USAGE;
        }
        return Main.run(arguments(args, master), System.out, System.err);
    }

    /**
     * {@code args} with {@code --engine=spark} where no engine was chosen, and spark-submit's master
     * for the Spark engine.
     */
    static String[] arguments(String[] args, String master) {
        List<String> all = new ArrayList<>();
        String engine = value(args, "--engine");
        if (engine == null) {
            all.add("--engine=spark");
        }
        if (master != null && (engine == null || engine.equals("spark"))) {
            all.add("--master=" + master);
        }
        all.addAll(List.of(args));
        return all.toArray(String[]::new);
    }

    /** The value given to {@code option} ({@code --option=V} or {@code --option V}), or null. */
    private static String value(String[] args, String option) {
        for (int i = 0; i < args.length && !args[i].equals("--"); i++) {
            if (args[i].startsWith(option + "=")) {
                return args[i].substring(option.length() + 1);
            }
            if (args[i].equals(option)) {
                return i + 1 < args.length ? args[i + 1] : "";
            }
        }
        return null;
    }
}
