package dev.loomy.engine.spark;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.opencv.core.Core;

import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.FiltersFileException;
import dev.loomy.filter.config.FiltersFileLoader;
import dev.loomy.measure.FailureLog;
import dev.loomy.measure.ImageTiming;
import dev.loomy.measure.ResourcePeaks;
import dev.loomy.measure.RunControl;
import dev.loomy.measure.RunExecutor;
import dev.loomy.measure.RunListener;
import dev.loomy.measure.RunRecord;
import dev.loomy.opencv.OpenCv;
import dev.loomy.pipeline.Admissions;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.pipeline.ImageReader;
import dev.loomy.pipeline.ImageTask;
import dev.loomy.pipeline.ImageWriter;
import dev.loomy.pipeline.InFlightLimit;
import dev.loomy.pipeline.TempFiles;
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

    /** Filters resolved in this JVM, by filters file and name: resolved once per executor, not per task. */
    private static final Map<String, Filter> FILTERS = new ConcurrentHashMap<>();
    private static int cvThreads = -1;

    private BatchRunner() {
    }

    static BatchResult run(Work work, Batch batch) throws InterruptedException {
        SparkSettings settings = work.settings();
        prepare(settings.cvThreads());
        TaskContext context = TaskContext.get();
        String host = host();
        RunControl control = new RunControl();
        Thread watcher = watch(context, control);
        try {
            Filter filter = filter(settings, work.filter());
            Strategy strategy = Strategies.byName(work.strategy());
            List<BatchResult.Failure> failures = new ArrayList<>();
            FailureLog log = new FailureLog(null) {
                @Override
                protected void emit(String file, String reason) {
                    synchronized (failures) {
                        failures.add(new BatchResult.Failure(file, reason));
                    }
                }
            };
            List<BatchResult.Timing> timings = new ArrayList<>();
            List<Batch.Item> items = new ArrayList<>();
            List<ImageTask> tasks = new ArrayList<>();
            for (Batch.Item item : batch.items()) {
                Path input = Path.of(item.input());
                if (!Files.exists(input, LinkOption.NOFOLLOW_LINKS)) {
                    // On a cluster, the usual reason: the input is on a disk this executor does not share.
                    log.report(item.input(), "cannot be seen from executor host " + host + " (inputs and outputs "
                            + "must be on storage that every executor sees)");
                    timings.add(new BatchResult.Timing(item.index(), 0, 0, ImageTiming.Status.FAILED, null));
                    continue;
                }
                items.add(item);
                tasks.add(new ImageTask(new ImageFile(input, input.getFileName()),
                        item.output() == null ? null : Path.of(item.output())));
            }
            boolean failOnPurpose = work.failFirstTries() >= 0 && context != null && context.attemptNumber() == 0;
            if (failOnPurpose && work.failFirstTries() < tasks.size()) {
                tasks = tasks.subList(0, work.failFirstTries());
            }
            int parallelism = settings.parallelism() != null ? settings.parallelism()
                    : context != null ? context.cpus() : 1;
            Admissions admissions = new Admissions(InFlightLimit.parse(settings.maxInFlight()),
                    tasks.stream().map(ImageTask::source).toList(), parallelism, control::interrupted, note -> { });
            ImageWriter writer = batch.items().stream().anyMatch(i -> i.output() != null)
                    ? new ImageWriter(new TempFiles()) : null;
            ImagePipeline pipeline = new ImagePipeline(new ImageReader(Duration.ofNanos(work.ioLatencyNanos())),
                    filter, writer, admissions.of(filter));
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
            for (ImageTiming t : record.images()) {
                timings.add(new BatchResult.Timing(items.get(t.index()).index(), t.submittedNanos(), t.completedNanos(),
                        t.status(), t.lane()));
            }
            ResourcePeaks peaks = record.peaks();
            String executor = SparkEnv.get() == null ? "?" : SparkEnv.get().executorId();
            return new BatchResult(batch.partition(), host + "/" + executor + "/#" + Thread.currentThread().threadId(),
                    start, timings, List.copyOf(failures), new long[] {peaks.threads(), peaks.heapBytes(), peaks.rssBytes()},
                    peaks.rssWindowed());
        } finally {
            watcher.interrupt();
        }
    }

    /** OpenCV once per executor JVM, and its threads as the run asks. */
    private static synchronized void prepare(int threads) {
        OpenCv.load();
        if (cvThreads != threads) {
            Core.setNumThreads(threads);
            cvThreads = threads;
        }
    }

    private static Filter filter(SparkSettings settings, String name) {
        String key = settings.filtersName() + "\0" + settings.filtersText() + "\0" + name;
        return FILTERS.computeIfAbsent(key, k -> {
            try {
                var catalog = settings.filtersText() == null ? FiltersFileLoader.packaged()
                        : FiltersFileLoader.parse(settings.filtersName(), settings.filtersText());
                return catalog.registry().require(name);
            } catch (FiltersFileException e) {
                // The driver read the same text without error: this executor's loomy differs from the driver's.
                throw new IllegalStateException("the filters file does not parse on this executor: " + e.getMessage(), e);
            }
        });
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
