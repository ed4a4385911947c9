package dev.loomy.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import dev.loomy.contention.Contention;
import dev.loomy.contention.ContentionProbe;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.ResourcePeaks;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategy;

/** Runs one strategy once over every image and records what happened, the CPU contention included. */
public final class RunExecutor {

    /** One per JVM: runs, whichever row they belong to, are taken one at a time. */
    private static final ContentionProbe PROBE = ContentionProbe.system();

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
        Runnable imageEnds = imageEnds(Thread.currentThread());
        for (int i = 0; i < images.size(); i++) {
            jobs.add(new TimedImageJob(i, images.get(i), pipeline, control, failures, listener, workers, imageEnds));
        }
        listener.runStarted(label, images.size());
        monitor.reset();
        // Read outside the timed run: the probe lists every thread's schedstat at each end.
        PROBE.start();
        long start = System.nanoTime();
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
            contention = PROBE.stop();
            peaks = monitor.peaks();
            listener.runFinished();
        }
        List<ImageTiming> timings = new ArrayList<>(jobs.size());
        for (TimedImageJob job : jobs) {
            timings.add(job.timing(start, end));
        }
        return new RunRecord(end - start, timings, peaks, workers.size(), control.stopping(), contention);
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
