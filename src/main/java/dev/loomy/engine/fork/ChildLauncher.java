package dev.loomy.engine.fork;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import dev.loomy.imageio.OneWriter;
import dev.loomy.run.JvmComparison;
import dev.loomy.run.Trial;
import dev.loomy.strategy.StructuredStrategy;

/**
 * The command line of a child JVM that measures one trial, as JMH forks: the same java, the
 * same class path and the parent's own JVM options, then {@link ChildMain} with the trial's
 * key. The run itself reaches the child on its standard input.
 */
public final class ChildLauncher {

    /** The class the child runs. */
    static final String MAIN_CLASS = ChildMain.class.getName();

    /** The JVM property that fixes the number of virtual-thread carriers. */
    static final String CARRIERS = "jdk.virtualThreadScheduler.parallelism";

    private final String java;
    private final List<String> jvmOptions;
    private final String classPath;
    private final Map<String, String> environment;

    ChildLauncher(String java, List<String> jvmOptions, String classPath, Map<String, String> environment) {
        this.java = java;
        this.jvmOptions = List.copyOf(jvmOptions);
        this.classPath = classPath;
        this.environment = Map.copyOf(environment);
    }

    /**
     * A launcher for children of this JVM.
     *
     * @param parallelism the virtual-thread carriers each child gets
     * @param environment variables each child gets beside this JVM's own (OpenCV's, which it reads
     *                    only when its library loads, so they cannot be set inside a running JVM)
     */
    public static ChildLauncher ofThisJvm(int parallelism, Map<String, String> environment) {
        String java = ProcessHandle.current().info().command().orElse(
                Path.of(System.getProperty("java.home"), "bin", "java").toString());
        return new ChildLauncher(java, jvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments(),
                System.getProperties(), parallelism), System.getProperty("java.class.path"), environment);
    }

    /**
     * This launcher on another JVM ({@code --jvm}; null for the same) with an option set ({@code
     * --jvm-options}; null or {@code default} for loomy's own). A set's option replaces the parent's
     * of the same name (a collector any other collector, {@code -Xmx} the parent's {@code -Xmx}), the
     * rest are kept. A JVM of another release than this one gets loomy's log settings in the form
     * every release since 21 reads (the parent's may name log tags that release lacks), and preview
     * features only on the release the structured strategy is compiled for.
     */
    public ChildLauncher on(JvmComparison.Jvm jvm, JvmComparison.OptionSet set) {
        List<String> options = new ArrayList<>(jvmOptions);
        if (jvm != null && jvm.feature() != Runtime.version().feature()) {
            options.removeIf(o -> o.startsWith("-Xlog") || o.equals("--enable-preview"));
            options.addAll(0, List.of("-Xlog:disable", "-Xlog:all=warning:stderr"));
            if (jvm.feature() == StructuredStrategy.RELEASE) {
                options.add("--enable-preview");
            }
        }
        if (set != null && !set.loomysOwn()) {
            List<String> named = set.options().stream().map(ChildLauncher::optionName).toList();
            options.removeIf(o -> named.contains(optionName(o)));
            options.addAll(set.options());
        }
        return new ChildLauncher(jvm == null ? java : jvm.java(), options, classPath, environment);
    }

    /** The command that checks that this launcher's JVM starts with its options: {@code java OPTIONS -version}. */
    public List<String> versionCommand() {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-version");
        return command;
    }

    /** What an option sets, for one to replace another: the collector, a -XX flag's name, -Xmx, a property. */
    static String optionName(String option) {
        if (option.matches("-XX:[+-]Use\\w*GC")) {
            return "collector";
        }
        if (option.startsWith("-XX:")) {
            return option.replaceFirst("^-XX:[+-]?", "").replaceFirst("=.*", "");
        }
        if (option.matches("-X(mx|ms|ss|mn).*")) {
            return option.substring(0, 4);
        }
        if (option.startsWith("-D")) {
            return option.replaceFirst("=.*", "");
        }
        return option;
    }

    /** A process that measures {@code trial}, with this launcher's environment added to this JVM's. */
    public ProcessBuilder process(Trial trial) {
        ProcessBuilder builder = new ProcessBuilder(command(trial));
        builder.environment().putAll(environment);
        return builder;
    }

    /** The command that measures {@code trial}. */
    public List<String> command(Trial trial) {
        List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(MAIN_CLASS);
        command.add(trial.key());
        return command;
    }

    /** The property in which run.sh names, space-separated, the JVM options it gave the launched JVM alone. */
    static final String LAUNCHER_ONLY = "loomy.launcher.only";

    /**
     * The parent's JVM options that shape a measurement (heap size, GC, -XX flags, -D
     * properties), without those that must not be repeated in a child: a debugger or agent
     * (it would listen on the same port), the class-data archive and the ahead-of-time cache
     * (made for the parent's class path; one being trained would be written by every child over
     * the parent's), the parent's terminal flag and launch time, and the carrier count,
     * which is set here; and the options the launcher names in {@code loomy.launcher.only} as its
     * own JVM's alone (the JIT's start-up thresholds: a measuring child is warmed up, and measured as
     * before). Native access is granted explicitly: a child started with -cp does
     * not read the jar manifest's Enable-Native-Access, and JDK 24+ would warn. The test
     * hook {@code loomy.test.*} is passed on even when set at run time.
     */
    static List<String> jvmOptions(List<String> parentOptions, Properties properties, int parallelism) {
        List<String> options = new ArrayList<>();
        List<String> launcherOnly = List.of(properties.getProperty(LAUNCHER_ONLY, "").split(" "));
        for (String option : parentOptions) {
            if (!dropped(option) && !launcherOnly.contains(option) && !option.startsWith("-D" + LAUNCHER_ONLY + "=")) {
                options.add(option);
            }
        }
        options.add("--enable-native-access=ALL-UNNAMED");
        options.add("-D" + CARRIERS + "=" + parallelism);
        // A child's temporary files are its parent's run's: the parent's sweep deletes them, another run's does not.
        options.add("-D" + OneWriter.RUN_PROPERTY + "=" + OneWriter.RUN);
        for (Map.Entry<Object, Object> e : properties.entrySet()) {
            String key = e.getKey().toString();
            if (key.startsWith("loomy.test.") && !options.contains("-D" + key + "=" + e.getValue())) {
                options.add("-D" + key + "=" + e.getValue());
            }
        }
        return options;
    }

    private static boolean dropped(String option) {
        return option.startsWith("-agentlib:") || option.startsWith("-agentpath:") || option.startsWith("-javaagent:")
                || option.startsWith("-Xrunjdwp") || option.equals("-Xdebug")
                || option.startsWith("-XX:SharedArchiveFile=") || option.equals("-XX:+AutoCreateSharedArchive")
                || option.startsWith("-XX:ArchiveClassesAtExit") || option.startsWith("-Xshare:")
                || option.startsWith("-XX:AOTCache") || option.startsWith("-XX:AOTMode")
                || option.startsWith("-XX:AOTConfiguration") || option.startsWith("-Dloomy.phases.launched")
                || option.startsWith("-Dloomy.stderr.terminal")
                || option.startsWith("-D" + CARRIERS + "=")
                || option.startsWith("-D" + OneWriter.RUN_PROPERTY + "=")
                || option.startsWith("--enable-native-access");
    }
}
