package dev.loomy.engine;

import java.util.Iterator;
import java.util.List;

import dev.loomy.contention.Contention;
import dev.loomy.contention.ContentionProbe;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.results.Timeline;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.ImageJob;
import dev.loomy.strategy.ImageJobs;
import dev.loomy.strategy.Strategy;

/** Runs one strategy once over every image and records what happened, the CPU contention included. */
public final class RunExecutor {

    /** One per JVM: runs, whichever row they belong to, are taken one at a time. */
    private static final ContentionProbe PROBE = ContentionProbe.system();

    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final ResourceMonitor monitor = new ResourceMonitor();

    /** Whether this executor's runs are measured for contention. */
    private final boolean measuresContention;

    /** Runs whose contention is not measured: they may run side by side in one JVM (Spark's tasks). */
    public RunExecutor(RunControl control, FailureLog failures, RunListener listener) {
        this(control, failures, listener, false);
    }

    private RunExecutor(RunControl control, FailureLog failures, RunListener listener, boolean measuresContention) {
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.measuresContention = measuresContention;
    }

    /** Runs measured for contention, one at a time in this JVM, as a row's runs are. */
    public static RunExecutor measuringContention(RunControl control, FailureLog failures, RunListener listener) {
        return new RunExecutor(control, failures, listener, true);
    }

    /** One run over the images of a list (a Spark task's batch, a test), every image on its timeline. */
    public RunRecord run(Strategy strategy, ImagePipeline pipeline, List<ImagePaths> images, int parallelism, String label)
            throws InterruptedException {
        return run(strategy, pipeline, images.iterator(), images.size(), Math.max(1, images.size()), parallelism, label);
    }

    /**
     * One run over {@code images} as they come (the walk of the inputs): each becomes a job when the
     * strategy takes it, and is forgotten once it has ended and been counted.
     *
     * @param expected how many images the run expects
     */
    public RunRecord run(Strategy strategy, ImagePipeline pipeline, Iterator<ImagePaths> images, int expected,
                         int parallelism, String label) throws InterruptedException {
        return run(strategy, pipeline, images, expected, Timeline.MAX_POINTS, parallelism, label);
    }

    private RunRecord run(Strategy strategy, ImagePipeline pipeline, Iterator<ImagePaths> images, int expected,
                          int maxPoints, int parallelism, String label) throws InterruptedException {
        Runnable imageEnds = measuresContention ? imageEnds(Thread.currentThread()) : () -> { };
        listener.runStarted(label, expected);
        monitor.reset();
        // Read outside the timed run: the probe lists every thread's schedstat at each end.
        if (measuresContention) {
            PROBE.start();
        }
        long start = System.nanoTime();
        RunRecorder recorder = new RunRecorder(start, expected, maxPoints);
        ImageJobs jobs = new ImageJobs() {
            @Override
            public int expected() {
                return expected;
            }

            @Override
            public ImageJob next() {
                while (images.hasNext()) {
                    ImagePaths image = images.next();
                    int index = recorder.created();
                    // Decided here, not by a job: an up-to-date image costs the strategy no task or thread.
                    if (!control.stopping() && pipeline.upToDate(image)) {
                        upToDate(recorder, index);
                        continue;
                    }
                    return new TimedImageJob(index, image, pipeline, control, failures, listener, recorder, imageEnds,
                            !strategy.cancelsItself());
                }
                return null;
            }
        };
        long end;
        ResourcePeaks peaks;
        Contention contention;
        try {
            strategy.run(jobs, parallelism);
        } catch (OutOfMemoryError e) {
            // The OS refused a thread, or the heap ran out outside a job: this run crashed.
            control.crash("out of memory: " + e.getMessage());
        } finally {
            // The clock stops before the listener (a progress bar) does its own work.
            end = System.nanoTime();
            contention = measuresContention ? PROBE.stop() : null;
            peaks = monitor.peaks();
            listener.runFinished();
        }
        return recorder.record(end, !images.hasNext(), peaks, control.stopping(), contention);
    }

    /** Counts image {@code index} as up to date ({@code --incremental}): it ends as soon as it is found. */
    private void upToDate(RunRecorder recorder, int index) {
        long now = System.nanoTime();
        recorder.ended(index, now, now, now, ImageTiming.Status.UP_TO_DATE, null);
        listener.imageDone(ImageTiming.Status.UP_TO_DATE);
    }

    /**
     * What a worker does after each image: the threads of {@code threads} (one per image) and of the
     * pools end within the run, and their wait for a CPU would be lost with them, so each platform
     * thread other than the {@code runner} samples itself as it finishes an image (some 10 us of CPU).
     * The runner (loop) and virtual threads' carriers outlive the run and are read at its end.
     */
    private static Runnable imageEnds(Thread runner) {
        return () -> {
            if (Thread.currentThread() != runner) {
                PROBE.sampleThisThread();
            }
        };
    }
}
