package dev.loomy.engine.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.spark.SparkConf;
import org.apache.spark.SparkFiles;
import org.apache.spark.api.java.JavaSparkContext;
import org.opencv.core.Core;
import org.snakeyaml.engine.v2.api.LoadSettings;

import dev.loomy.console.Console;
import dev.loomy.engine.Benchmark;
import dev.loomy.engine.Engine;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunListener;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.manifest.ManifestException;
import dev.loomy.results.Measurement;
import dev.loomy.run.EngineChoice;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RefusedSettings;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Trial;

/**
 * Measures every trial on Spark ({@code --engine=spark}): one Spark context for the run,
 * one job per run, the sorted image paths split into tasks. The images themselves never
 * cross the network: each executor reads and writes them where they are, which on a cluster
 * must be storage that every executor and the driver see alike.
 */
public final class SparkEngine implements Engine {

    /**
     * A {@code --spark-conf} key of loomy's own, not passed to Spark: the first attempt of every
     * task fails after this many images, so that tests see Spark's retries in local mode.
     */
    static final String FAIL_FIRST_ATTEMPT = "loomy.spark.failFirstAttemptAfter";

    private static final long EXECUTOR_PATIENCE_MILLIS = 30_000;
    private static final String EXECUTOR_OPTIONS = "spark.executor.extraJavaOptions";
    private static final String OVERHEAD = "spark.executor.memoryOverhead";
    private static final String JARS = "spark.jars";
    private static final String S3A = "org.apache.hadoop.fs.s3a.S3AFileSystem";

    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final Console console;
    private boolean saidStopped;

    /** @param console says what the engine does and what stops it, as the rest of loomy says it */
    public SparkEngine(RunControl control, FailureLog failures, RunListener listener, Console console) {
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.console = console;
    }

    @Override
    public List<Measurement> run(RunConfig config) throws InterruptedException {
        try (SparkManifest manifest = SparkManifest.open(config, new HadoopFiles(config.engine().sparkConf()))) {
            return run(config, manifest);
        } catch (ManifestException e) {
            return allCrashed(config, e.getMessage());
        }
    }

    private List<Measurement> run(RunConfig config, SparkManifest manifest) throws InterruptedException {
        EngineChoice settings = config.engine();
        String master = settings.master();
        String unreachable = MasterProbe.unreachable(master, MasterProbe.CONNECT_TIMEOUT_MILLIS);
        if (unreachable != null) {
            return allCrashed(config, "cannot reach the Spark master " + master + ": " + unreachable);
        }
        JavaSparkContext spark;
        try {
            spark = new JavaSparkContext(conf(config));
        } catch (Exception e) {
            if (refusedSettings(settings, e)) {
                throw new RefusedSettings("--spark-conf: Spark refused the settings as it started: " + SparkRun.firstLine(e));
            }
            // Scala throws SparkException, a checked exception, undeclared: every trial crashed, nothing was processed.
            return allCrashed(config, "Spark did not start at " + master + ": " + SparkRun.firstLine(e));
        }
        try {
            int cores = cores(spark, master);
            SparkRun runs = new SparkRun(spark, control, failures, listener, manifest);
            String json = config.withoutImages().toJson();
            return Engine.eachTrial(config.trials(), control, trial -> {
                if (spark.sc().isStopped()) {
                    return crashed(config, trial, stopped(master));
                }
                try {
                    return measure(config, json, trial, runs, cores, manifest);
                } catch (UncheckedIOException e) {
                    // A folder below a URI input that could be listed when the run was planned no longer can.
                    String reason = e.getCause().getMessage();
                    console.error(reason);
                    return crashed(config, trial, reason);
                } catch (IllegalStateException e) {
                    // Spark stopped the context under the run (its master gave up on this application).
                    if (!spark.sc().isStopped()) {
                        throw e;
                    }
                    return crashed(config, trial, stopped(master));
                }
            });
        } finally {
            Path local = localFolder();
            spark.stop();
            deleteIfEmpty(local);
            sweep(config);
        }
    }

    /**
     * Whether Spark failed to start for the settings given: some it checks only while its context
     * starts ({@code spark.task.cpus} above the cores of an executor, say), past {@link SparkConfCheck}.
     * A failure to reach or bind something (an {@link IOException} among its causes) is the
     * machine's or the network's, not the settings', and so is any where no setting of Spark's was given.
     */
    private static boolean refusedSettings(EngineChoice settings, Exception e) {
        if (settings.sparkConf().keySet().stream().allMatch(FAIL_FIRST_ATTEMPT::equals)) {
            return false;
        }
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return false;
            }
        }
        return true;
    }

    /**
     * Spark's local folder on the driver ({@code spark.local.dir}/spark-*): Spark deletes what it put
     * in it when the context stops, but leaves the folder itself, one a JVM, in /tmp by default.
     */
    private static Path localFolder() {
        try {
            return Path.of(SparkFiles.getRootDirectory()).getParent();
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static void deleteIfEmpty(Path local) {
        try {
            if (local != null && local.getFileName().toString().startsWith("spark-")) {
                Files.deleteIfExists(local);
            }
        } catch (IOException e) {
            // Not empty (another context of this JVM still uses it) or already gone: left as Spark leaves it.
        }
    }

    /** Every trial crashed before any was measured: said once, and a crashed row each. */
    private List<Measurement> allCrashed(RunConfig config, String reason) {
        console.error(reason);
        return config.trials().stream().map(t -> crashed(config, t, reason)).toList();
    }

    private static Measurement crashed(RunConfig config, Trial trial, String reason) {
        return Measurement.crashed(trial.strategyName(), trial.filter(), config.imageCount(),
                config.measuring().warmups(), List.of(), reason).on("spark");
    }

    /** Why the trials left crashed once Spark stopped its context itself; said on the first call only. */
    private String stopped(String master) {
        String reason = "Spark stopped: the master " + master + " gave up on this application (Spark's log above says why)";
        if (!saidStopped) {
            console.error(reason);
            saidStopped = true;
        }
        return reason;
    }

    /**
     * Deletes the temporary files that this run's tasks left in an output folder named by a URI
     * (tasks killed mid-write, by Ctrl-C or a lost executor): their names carry this run's id. An
     * output folder on a path is swept by the runner, as for the local engine.
     */
    private void sweep(RunConfig config) {
        String folder = config.output().uri();
        if (config.output().write() && folder != null) {
            int deleted = new HadoopFiles(config.engine().sparkConf()).sweepThisRun(folder);
            if (deleted > 0) {
                console.info("deleted " + deleted + " temporary file(s) that stopped tasks left in " + folder);
            }
        }
    }

    /**
     * Measures {@code trial}: its tasks made from the images walked again one at a time and split as
     * they come, none of them held but in its batch. Images whose outputs are up to date
     * ({@code --incremental}) go into no task: a first walk finds them, so that the tasks share
     * the others evenly.
     */
    private Measurement measure(RunConfig config, String json, Trial trial, SparkRun runs, int cores,
                                SparkManifest manifest) throws InterruptedException {
        HadoopFiles files = new HadoopFiles(config.engine().sparkConf());
        BitSet upToDate = new BitSet();
        int expected = config.imageCount();
        if (manifest != null && config.output().incremental()) {
            int walked = 0;
            for (Iterator<ImageFile> images = config.walk(files); images.hasNext(); walked++) {
                if (manifest.upToDate(images.next(), trial)) {
                    upToDate.set(walked);
                }
            }
            expected = walked - upToDate.cardinality();
        }
        EngineChoice settings = config.engine();
        List<Batch> batches = Batch.split(config.walk(files), upToDate, expected,
                Batch.count(settings.partitions(), expected, cores));
        // Every image the walks gave, by its place: the last in a task, or the last up to date.
        int images = Math.max(upToDate.length(),
                batches.stream().mapToInt(batch -> batch.indexes()[batch.size() - 1] + 1).max().orElse(0));
        String failFirst = settings.sparkConf().get(FAIL_FIRST_ATTEMPT);
        String output = config.layout() == null ? null : Batch.line(config.layout().root());
        Work given = new Work(json, output, trial.strategyName(), trial.filter(),
                failFirst == null ? -1 : Integer.parseInt(failFirst));
        Work work = manifest == null ? given : manifest.recorded(given);
        // --repeat=auto and --profile were refused for Spark before any work (EngineOptions.checkTakes).
        return Benchmark.measure(trial.strategyName(), trial.filter(), images, config.measuring().warmups(),
                config.measuring().repeats(), MeasureSettings.DEFAULT, null, null, control,
                label -> runs.run(work, batches, images, upToDate, label)).on("spark").withJpegCodec(null);
    }

    /**
     * Spark's settings for the run. Those spark-submit gave (as system properties, which a new
     * SparkConf reads) stay, but {@code --spark-conf}'s win; on a cluster, loomy's jars and
     * executor options are added to what was given, not put in its place.
     */
    private SparkConf conf(RunConfig config) {
        EngineChoice settings = config.engine();
        String master = settings.master();
        SparkConf conf = new SparkConf().setAppName("loomy").setMaster(master)
                // No web UI by default: it costs start-up time and opens a port; --spark-conf can turn it on.
                .setIfMissing("spark.ui.enabled", "false")
                .setIfMissing("spark.ui.showConsoleProgress", "false");
        if (master.startsWith("local") || master.contains("://127.0.0.1") || master.contains("://localhost")) {
            // Executors on this machine reach the driver on the loopback interface, whatever the host name resolves to.
            conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        }
        settings.sparkConf().forEach((key, value) -> {
            if (!key.equals(FAIL_FIRST_ATTEMPT)) {
                conf.set(key, value);
            }
        });
        if (!master.startsWith("local")) {
            // Executors elsewhere load loomy, OpenCV (with its native library) and the filters file's parser from these.
            Set<String> jars = new LinkedHashSet<>(List.of(conf.get(JARS, "").split(",")));
            Set<String> names = new HashSet<>(jars.stream().map(SparkEngine::fileName).toList());
            jars.addAll(jars().stream().filter(jar -> !names.contains(fileName(jar))).toList());
            jars.remove("");
            conf.set(JARS, String.join(",", jars));
            // The driver's run id names the executors' temporary files, so that this run's sweep knows them.
            String options = "--enable-native-access=ALL-UNNAMED -D" + OneWriter.RUN_PROPERTY + "=" + OneWriter.RUN;
            conf.set(EXECUTOR_OPTIONS, (conf.get(EXECUTOR_OPTIONS, "") + " " + options).strip());
            if (!conf.contains(OVERHEAD) && !conf.contains(OVERHEAD + "Factor")) {
                ExecutorMemory memory = executorMemory(config, conf);
                conf.set(OVERHEAD, memory.overheadMib() + "m");
                console.info(OVERHEAD + "=" + memory.overheadMib() + "m (" + memory.why()
                        + "; --spark-conf=" + OVERHEAD + "=... to choose)");
            }
        }
        return conf;
    }

    private static ExecutorMemory executorMemory(RunConfig config, SparkConf conf) {
        List<Filter> filters = config.filters().stream().map(f -> f.create()).toList();
        HadoopFiles files = new HadoopFiles(config.engine().sparkConf());
        long perImage = ExecutorMemory.perImageBytes(config.walk(files), config.imageCount(), filters, files);
        int tasks = Batch.count(config.engine().partitions(), config.imageCount(), 1);
        int largestTask = (config.imageCount() + tasks - 1) / Math.max(1, tasks);
        int inFlight = ExecutorMemory.inFlightPerTask(config.execution().maxInFlight(),
                config.execution().parallelism(), Math.max(1, largestTask));
        String heaviest = filters.stream().max(Comparator.comparingDouble(Filter::workingBytesPerPixel))
                .map(Filter::name).orElse("");
        return ExecutorMemory.of(conf.getSizeAsMb("spark.executor.memory", "1g"), conf.getInt("spark.executor.cores", 1),
                inFlight, perImage, heaviest);
    }

    private static String fileName(String jar) {
        return jar.substring(jar.lastIndexOf('/') + 1);
    }

    /**
     * The jars that hold loomy's classes and what executors need beyond Spark: loomy's own, OpenCV's,
     * the filters file parser's, and where the S3 connector was found outside Spark's jars (the
     * folder that {@code ./run.sh} builds for s3a: URIs), every jar beside it (hadoop-aws and the
     * AWS SDK modules it needs).
     */
    private static Set<String> jars() {
        Set<String> jars = new LinkedHashSet<>();
        for (Class<?> type : List.of(SparkEngine.class, Core.class, LoadSettings.class)) {
            jar(type).ifPresent(jar -> jars.add(jar.toString()));
        }
        try {
            Optional<Path> s3a = jar(Class.forName(S3A, false, SparkEngine.class.getClassLoader()));
            Optional<Path> spark = jar(SparkConf.class);
            if (s3a.isPresent() && !s3a.get().getParent().equals(spark.map(Path::getParent).orElse(null))) {
                try (var beside = Files.list(s3a.get().getParent())) {
                    beside.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted()
                            .forEach(f -> jars.add(f.toString()));
                }
            }
        } catch (ClassNotFoundException | LinkageError | IOException e) {
            // No S3 connector here: s3a: URIs were refused before the run.
        }
        return jars;
    }

    /** The jar that {@code type} was loaded from, if it was one. */
    private static Optional<Path> jar(Class<?> type) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        try {
            if (source != null && source.getLocation().getPath().endsWith(".jar")) {
                return Optional.of(Path.of(source.getLocation().toURI()));
            }
        } catch (URISyntaxException | IllegalArgumentException e) {
            // Not a file: Spark could not ship it either.
        }
        return Optional.empty();
    }

    /**
     * The cores that run tasks. A cluster's executors register a moment after the context
     * starts: until the first has (or {@link #EXECUTOR_PATIENCE_MILLIS}), Spark's count would be
     * its minimum, 2.
     */
    private int cores(JavaSparkContext spark, String master) throws InterruptedException {
        if (!master.startsWith("local")) {
            long deadline = System.currentTimeMillis() + EXECUTOR_PATIENCE_MILLIS;
            // The driver counts among the executor infos.
            // Spark stops the context itself when its standalone master never answers (3 tries, 20 s apart).
            while (spark.statusTracker().getExecutorInfos().length < 2 && System.currentTimeMillis() < deadline
                    && !control.interrupted() && !spark.sc().isStopped()) {
                Thread.sleep(100);
            }
            if (spark.sc().isStopped()) {
                return 1;
            }
            if (spark.statusTracker().getExecutorInfos().length < 2) {
                console.error("no Spark executor has registered with " + master + " yet; "
                        + "the run waits for one");
            }
        }
        return spark.defaultParallelism();
    }
}
