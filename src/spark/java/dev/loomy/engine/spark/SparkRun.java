package dev.loomy.engine.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.stream.IntStream;

import org.apache.spark.SimpleFutureAction;
import org.apache.spark.api.java.JavaSparkContext;

import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunListener;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import scala.Function0;
import scala.Function1;
import scala.Function2;
import scala.collection.Iterator;
import scala.jdk.javaapi.CollectionConverters;
import scala.runtime.BoxedUnit;
import scala.util.Try;

/**
 * One run over every image as one Spark job: a task per batch, each task's result handed
 * over on the driver as it arrives (once per partition, whatever attempt produced it), so
 * that the progress bar moves and failures are said while the job goes on.
 */
final class SparkRun {

    private static final long POLL_MILLIS = 50;

    private final JavaSparkContext spark;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final SparkManifest manifest;

    /** @param manifest where each task's records are appended as its result arrives; null when none are kept */
    SparkRun(JavaSparkContext spark, RunControl control, FailureLog failures, RunListener listener,
             SparkManifest manifest) {
        this.spark = spark;
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.manifest = manifest;
    }

    /** @param upToDate the images no batch holds, their outputs being up to date ({@code --incremental}) */
    RunRecord run(Work work, List<Batch> batches, int images, BitSet upToDate, String label) throws InterruptedException {
        BatchResult[] results = new BatchResult[batches.size()];
        listener.runStarted(label, images);
        upToDate.stream().forEach(i -> listener.imageDone(ImageTiming.Status.UP_TO_DATE));
        long start = System.nanoTime();
        long startEpoch = BatchRunner.epochNanos();
        if (batches.isEmpty()) {
            // Every image up to date: no job.
            listener.runFinished();
            return record(results, images, upToDate, startEpoch, System.nanoTime() - start, control.interrupted());
        }
        String group = "loomy-" + UUID.randomUUID();
        spark.setJobGroup(group, label, true);
        boolean cancelled = false;
        long end;
        try {
            Function2<Object, BatchResult, BoxedUnit> arrived = (partition, result) -> {
                results[(Integer) partition] = result;
                result.failures().forEach(f -> {
                    if (f.warning()) {
                        failures.warn(f.file(), f.reason());
                    } else {
                        failures.report(f.file(), f.reason());
                    }
                });
                result.timings().forEach(t -> listener.imageDone(t.status()));
                if (manifest != null) {
                    // Now, not when the job ends: a driver killed later keeps these records.
                    manifest.append(result, failures);
                }
                return BoxedUnit.UNIT;
            };
            SimpleFutureAction<Object> job = spark.sc().submitJob(spark.parallelize(batches, batches.size()).rdd(),
                    process(work), CollectionConverters.asScala(IntStream.range(0, batches.size()).boxed()
                            .map(Object.class::cast).toList()).toSeq(), arrived, nothing());
            try {
                while (!job.isCompleted()) {
                    if (control.interrupted() && !cancelled) {
                        // Kills the tasks (their threads are interrupted); what they were writing is swept after.
                        spark.cancelJobGroup(group);
                        cancelled = true;
                    }
                    Thread.sleep(POLL_MILLIS);
                }
            } catch (InterruptedException e) {
                spark.cancelJobGroup(group);
                throw e;
            }
            Try<Object> outcome = job.value().get();
            if (outcome.isFailure() && !cancelled) {
                control.crash("the Spark job failed: " + firstLine(outcome.failed().get()));
            }
        } finally {
            end = System.nanoTime();
            spark.clearJobGroup();
            listener.runFinished();
        }
        return record(results, images, upToDate, startEpoch, end - start, cancelled || control.interrupted());
    }

    /**
     * The tasks' timings on the driver's time line, each image once; an image no task reported is
     * skipped, or up to date when no task had it.
     */
    private static RunRecord record(BatchResult[] results, int images, BitSet upToDate, long startEpoch, long wall,
                                    boolean interrupted) {
        ImageTiming[] timings = new ImageTiming[images];
        ResourcePeaks peaks = null;
        Set<String> slots = new HashSet<>();
        for (BatchResult result : results) {
            if (result == null) {
                continue;
            }
            // Executors' clocks: on one machine the same as the driver's; on a cluster, as close as NTP keeps them.
            long offset = result.startEpochNanos() - startEpoch;
            for (BatchResult.Timing t : result.timings()) {
                timings[t.index()] = new ImageTiming(t.index(), Math.max(0, offset + t.submittedNanos()),
                        Math.max(0, offset + t.completedNanos()), t.status(), t.lane());
            }
            peaks = peaks == null ? result.resourcePeaks() : peaks.max(result.resourcePeaks());
            slots.add(result.slot());
        }
        List<ImageTiming> all = new ArrayList<>(images);
        for (int i = 0; i < images; i++) {
            all.add(timings[i] != null ? timings[i] : new ImageTiming(i, wall, wall,
                    upToDate.get(i) ? ImageTiming.Status.UP_TO_DATE : ImageTiming.Status.SKIPPED, null));
        }
        return new RunRecord(wall, all, peaks == null ? ResourcePeaks.UNKNOWN : peaks, slots.size(), interrupted);
    }

    /** What each task runs, on its executor; static, so that it carries {@code work} and nothing of the driver. */
    private static Function1<Iterator<Batch>, BatchResult> process(Work work) {
        return (Function1<Iterator<Batch>, BatchResult> & Serializable) batches -> {
            try {
                return BatchRunner.run(work, batches.next());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        };
    }

    private static Function0<Object> nothing() {
        return (Function0<Object> & Serializable) () -> null;
    }

    /** Spark's job failures hold the executor's stack trace after their first line. */
    static String firstLine(Throwable e) {
        String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return message.lines().findFirst().orElse("").strip();
    }
}
