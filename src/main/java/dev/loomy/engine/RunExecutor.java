package dev.loomy.engine;

import java.util.Iterator;
import java.util.List;

import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.results.Timeline;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.ImageJob;
import dev.loomy.strategy.Jobs;
import dev.loomy.strategy.Strategy;

/** Runs one strategy once over every image and records what happened. */
public final class RunExecutor {

    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final ResourceMonitor monitor = new ResourceMonitor();

    public RunExecutor(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.failures = failures;
        this.listener = listener;
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
        listener.runStarted(label, expected);
        monitor.reset();
        long start = System.nanoTime();
        RunRecorder recorder = new RunRecorder(start, expected, maxPoints);
        Jobs jobs = new Jobs() {
            @Override
            public int expected() {
                return expected;
            }

            @Override
            public ImageJob next() {
                return images.hasNext() ? new TimedImageJob(recorder.created(), images.next(), pipeline, control,
                        failures, listener, recorder) : null;
            }
        };
        long end;
        ResourcePeaks peaks;
        try {
            strategy.run(jobs, parallelism);
        } catch (OutOfMemoryError e) {
            // The OS refused a thread, or the heap ran out outside a job: this run crashed.
            control.crash("out of memory: " + e.getMessage());
        } finally {
            // The clock stops before the listener (a progress bar) does its own work.
            end = System.nanoTime();
            peaks = monitor.peaks();
            listener.runFinished();
        }
        return recorder.record(end, !images.hasNext(), peaks, control.stopping());
    }
}
