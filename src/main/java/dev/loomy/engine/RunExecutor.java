package dev.loomy.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
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

    public RunRecord run(Strategy strategy, ImagePipeline pipeline, List<ImagePaths> images, int parallelism, String label)
            throws InterruptedException {
        Set<String> workers = ConcurrentHashMap.newKeySet();
        List<TimedImageJob> jobs = new ArrayList<>(images.size());
        for (int i = 0; i < images.size(); i++) {
            jobs.add(new TimedImageJob(i, images.get(i), pipeline, control, failures, listener, workers));
        }
        listener.runStarted(label, images.size());
        monitor.reset();
        long start = System.nanoTime();
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
        List<ImageTiming> timings = new ArrayList<>(jobs.size());
        for (TimedImageJob job : jobs) {
            timings.add(job.timing(start, end));
        }
        return new RunRecord(end - start, timings, peaks, workers.size(), control.stopping());
    }
}
