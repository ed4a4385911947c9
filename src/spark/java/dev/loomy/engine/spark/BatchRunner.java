package dev.loomy.engine.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.opencv.core.Core;

import dev.loomy.admission.Admissions;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunExecutor;
import dev.loomy.engine.RunListener;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.files.InputGuard;
import dev.loomy.files.Names;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.Execution;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;

/**
 * Runs one task on an executor: its images with the chosen strategy, through the same
 * pipeline as the local engine (so the same bytes), each output written under a temporary
 * name of its own and renamed over the final one. A retried or speculative attempt writes the
 * same bytes under the same final names, so whichever renames last, each output is one
 * complete file.
 */
final class BatchRunner {

    /** Runs and their filters as this JVM made them, by the run's JSON and the filter's name: once per executor. */
    private static final Map<String, RunConfig> RUNS = new ConcurrentHashMap<>();
    /** Each run's writer, which walks its inputs (on paths) once per executor, on its first write. */
    private static final Map<String, OneWriter> WRITERS = new ConcurrentHashMap<>();
    private static final Map<String, Filter> FILTERS = new ConcurrentHashMap<>();
    private static int cvThreads = -1;
    private static final Map<Map<String, String>, HadoopFiles> HADOOP = new ConcurrentHashMap<>();

    private BatchRunner() {
    }

    static BatchResult run(Work work, Batch batch) throws InterruptedException {
        RunConfig config = RUNS.computeIfAbsent(work.config(), BatchRunner::parse);
        Execution execution = config.execution();
        prepare(execution.cvThreads());
        TaskContext context = TaskContext.get();
        String host = host();
        RunControl control = new RunControl();
        Thread watcher = watch(context, control);
        HadoopFiles files = hadoopFiles();
        HadoopImages hadoop = new HadoopImages(files);
        OutputRecords records = new OutputRecords(work, files);
        try {
            Filter filter = FILTERS.computeIfAbsent(work.config() + "\0" + work.filter(), key -> config.filters().stream()
                    .filter(f -> f.name().equals(work.filter())).findFirst().orElseThrow().create());
            Strategy strategy = Strategies.byName(work.strategy());
            List<BatchResult.Failure> failures = new ArrayList<>();
            FailureLog log = new FailureLog(null) {
                @Override
                protected void emit(String file, String reason) {
                    synchronized (failures) {
                        failures.add(new BatchResult.Failure(hadoop.named(file), reason, false));
                    }
                }

                @Override
                protected void emitWarning(String file, String damage) {
                    synchronized (failures) {
                        failures.add(new BatchResult.Failure(hadoop.named(file), damage, true));
                    }
                }
            };
            List<BatchResult.Timing> timings = new ArrayList<>();
            List<Batch.Item> items = new ArrayList<>();
            List<ImagePaths> tasks = new ArrayList<>();
            // Where each output goes, as the manifest's records name it: a URI, or a path.
            List<String> outputs = new ArrayList<>();
            List<Batch.Item> all = batch.items();
            for (Batch.Item item : all) {
                ImageFile image = item.image();
                String unseen = unseen(image, hadoop);
                if (unseen != null) {
                    // On a cluster, the usual reason: the input is on a disk this executor does not share.
                    log.report(shown(image), "cannot be seen from executor host " + host + " (" + unseen + ")");
                    timings.add(new BatchResult.Timing(item.index(), 0, 0, ImageTiming.Status.FAILED, null));
                    continue;
                }
                Path input = image.uri() != null ? hadoop.standIn("in", item.index(), image.uri()) : image.path();
                Path output = output(work, config, item, hadoop);
                if (output != null) {
                    records.look(item.index(), location(image));
                }
                items.add(item);
                outputs.add(output == null ? null : hadoop.location(output));
                tasks.add(new ImagePaths(new ImageFile(input, input.getFileName()), output));
            }
            boolean failOnPurpose = work.failFirstTries() >= 0 && context != null && context.attemptNumber() == 0;
            if (failOnPurpose && work.failFirstTries() < tasks.size()) {
                tasks = tasks.subList(0, work.failFirstTries());
            }
            int parallelism = execution.parallelism();
            Admissions admissions = new Admissions(limit(execution.maxInFlight(), batch, parallelism),
                    tasks.stream().map(ImagePaths::source).toList(), parallelism, control::interrupted, note -> { });
            ImageWriter writer = config.output().write() && !all.isEmpty()
                    ? hadoop.writer(WRITERS.computeIfAbsent(work.config(), json -> new OneWriter(InputGuard.of(config.inputs()))),
                            config.output().quality()) : null;
            ImagePipeline pipeline = new ImagePipeline(hadoop.reader(execution.ioLatency(), execution.strict(),
                    writer == null ? KeepMetadata.NONE : config.output().metadata()), filter,
                    writer, admissions.of(filter));
            long start = epochNanos();
            RunRecord record = new RunExecutor(control, log, RunListener.NONE)
                    .run(strategy, pipeline, tasks, parallelism, "partition " + batch.partition());
            if (failOnPurpose) {
                throw new IllegalStateException("the first attempt of task " + batch.partition() + " stopped on purpose "
                        + "after " + tasks.size() + " images (loomy.spark.failFirstAttemptAfter)");
            }
            if (control.crashReason() != null) {
                // Out of memory: this attempt fails, and Spark tries again (another executor, or later).
                throw new IllegalStateException(control.crashReason());
            }
            for (ImageTiming t : record.timeline().points()) {
                if (t.status() == ImageTiming.Status.DONE || t.status() == ImageTiming.Status.WARNED) {
                    Batch.Item item = items.get(t.index());
                    records.made(item.index(), location(item.image()), outputs.get(t.index()));
                }
                timings.add(new BatchResult.Timing(items.get(t.index()).index(), t.submittedNanos(), t.completedNanos(),
                        t.status(), t.lane()));
            }
            ResourcePeaks peaks = record.peaks();
            String executor = SparkEnv.get() == null ? "?" : SparkEnv.get().executorId();
            return new BatchResult(batch.partition(), host + "/" + executor + "/#" + Thread.currentThread().threadId(),
                    start, timings, List.copyOf(failures), new long[] {peaks.threads(), peaks.heapBytes(), peaks.rssBytes()},
                    peaks.rssWindowed(), records.records());
        } finally {
            watcher.interrupt();
        }
    }

    /**
     * {@code auto} estimates an image's memory from its header, which it reads from a path; the
     * header of an image behind a URI it cannot read, so a task with such images holds at most
     * {@link InFlightLimit#PER_CORE} images per thread instead: a bound by count, not by bytes.
     */
    static InFlightLimit limit(InFlightLimit asked, Batch batch, int parallelism) {
        boolean uris = batch.items().stream().anyMatch(item -> item.image().uri() != null);
        return uris && asked == InFlightLimit.Named.AUTO
                ? new InFlightLimit.Images(InFlightLimit.PER_CORE * parallelism) : asked;
    }

    /**
     * Where {@code item}'s output goes, as the driver would have put it: below the output folder, at
     * its path relative to its input; a stand-in path for one behind a URI. Null when nothing is written.
     */
    private static Path output(Work work, RunConfig config, Batch.Item item, HadoopImages hadoop) {
        if (!config.output().write()) {
            return null;
        }
        Path relative = config.layoutWithin(Path.of("")).outputFor(item.image(), work.filter(), work.strategy());
        String folder = config.output().uri();
        return folder == null ? Batch.path(work.output()).resolve(relative)
                : hadoop.standIn("out", item.index(), new org.apache.hadoop.fs.Path(folder, relative.toString()).toString());
    }

    /** An image's name in messages: its URI, or its path. */
    private static String shown(ImageFile image) {
        return image.uri() != null ? image.uri() : Names.shown(image.path());
    }

    /** Where an image is, as the manifest's records name it: its URI, or its (absolute) path. */
    private static String location(ImageFile image) {
        return image.uri() != null ? image.uri() : image.path().toString();
    }

    /** Why this executor cannot see {@code image}, or null when it can. */
    private static String unseen(ImageFile image, HadoopImages hadoop) {
        String shared = "inputs and outputs must be on storage that every executor sees";
        if (image.uri() == null) {
            return Files.exists(image.path(), LinkOption.NOFOLLOW_LINKS) ? null : shared;
        }
        try {
            return hadoop.exists(image.uri()) ? null : shared;
        } catch (IOException | RuntimeException e) {
            return ImageException.oneLine(e);
        }
    }

    /** Hadoop's file systems with the run's {@code spark.hadoop.*} settings, made once per executor JVM. */
    private static HadoopFiles hadoopFiles() {
        Map<String, String> conf = new HashMap<>();
        if (SparkEnv.get() != null) {
            for (scala.Tuple2<String, String> entry : SparkEnv.get().conf().getAll()) {
                if (entry._1().startsWith("spark.hadoop.")) {
                    conf.put(entry._1(), entry._2());
                }
            }
        }
        return HADOOP.computeIfAbsent(conf, HadoopFiles::new);
    }

    /** OpenCV once per executor JVM, and its threads as the run asks. */
    private static synchronized void prepare(int threads) {
        OpenCv.load();
        if (cvThreads != threads) {
            Core.setNumThreads(threads);
            cvThreads = threads;
        }
    }

    private static RunConfig parse(String json) {
        try {
            return RunConfig.fromJson(json);
        } catch (IOException e) {
            // The driver wrote it: this executor's loomy is not the driver's.
            throw new UncheckedIOException("the run's description does not parse on this executor", e);
        }
    }

    /**
     * A killed task (the job cancelled by Ctrl-C, or a speculative copy no longer needed) is
     * told so by Spark through its context; the run then stops as on Ctrl-C locally.
     */
    private static Thread watch(TaskContext context, RunControl control) {
        return Thread.ofVirtual().name("loomy-task-watch").start(() -> {
            if (context == null) {
                return;
            }
            try {
                while (!context.isInterrupted()) {
                    Thread.sleep(50);
                }
                control.interrupt();
            } catch (InterruptedException e) {
                // The task ended.
            }
        });
    }

    static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown host";
        }
    }

    static long epochNanos() {
        Instant now = Instant.now();
        return now.getEpochSecond() * 1_000_000_000L + now.getNano();
    }
}
