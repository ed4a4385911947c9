package dev.loomy.engine;

import java.util.Set;

import dev.loomy.files.Names;
import dev.loomy.imageio.ImageException;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.ImageJob;

/** An image job that records when it was handed over, when it finished and how. */
final class TimedImageJob implements ImageJob {

    private final int index;
    private final ImagePaths image;
    private final ImagePipeline pipeline;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final Set<String> workers;
    private final Runnable ends;

    // Written by the strategy's thread and the worker; read after the strategy has joined them all.
    private volatile long submittedAt;
    private volatile String lane;
    private volatile long completedAt;
    private volatile ImageTiming.Status status;
    private volatile boolean warned;

    /**
     * @param workers collects the thread that runs each job, see {@link #worker()}
     * @param ends    done on the worker once the image is done and timed
     */
    TimedImageJob(int index, ImagePaths image, ImagePipeline pipeline, RunControl control, FailureLog failures,
             RunListener listener, Set<String> workers, Runnable ends) {
        this.workers = workers;
        this.ends = ends;
        this.index = index;
        this.image = image;
        this.pipeline = pipeline;
        this.control = control;
        this.failures = failures;
        this.listener = listener;
    }

    @Override
    public ImageJob submitted() {
        submittedAt = System.nanoTime();
        return this;
    }

    @Override
    public ImageJob submitted(String lane) {
        this.lane = lane;
        return submitted();
    }

    @Override
    public boolean stopping() {
        return control.stopping();
    }

    @Override
    public void run() {
        ImageTiming.Status outcome;
        if (control.stopping()) {
            outcome = ImageTiming.Status.SKIPPED;
        } else {
            // A virtual thread may resume on another carrier after a wait: both ends are counted.
            workers.add(worker());
            outcome = process();
            workers.add(worker());
        }
        completedAt = System.nanoTime();
        status = outcome;
        listener.imageDone(outcome);
        ends.run();
    }

    private ImageTiming.Status process() {
        try {
            if (!pipeline.process(image, control, this::warn)) {
                return ImageTiming.Status.SKIPPED;
            }
            return warned ? ImageTiming.Status.WARNED : ImageTiming.Status.DONE;
        } catch (ImageException e) {
            failures.report(e);
            return ImageTiming.Status.FAILED;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ImageTiming.Status.SKIPPED;
        } catch (OutOfMemoryError e) {
            // Out of memory poisons the whole run: stop it and report it as crashed.
            control.crash("out of memory (" + e.getMessage() + ") at " + image.source().path());
            return ImageTiming.Status.FAILED;
        } catch (RuntimeException e) {
            failures.report(Names.shown(image.source().path()), "unexpected error: " + e);
            return ImageTiming.Status.FAILED;
        } catch (Exception e) {
            // OpenCV's Java binding throws a checked java.lang.Exception for a C++ exception that is
            // not its own, std::bad_alloc among them: this image fails, the run goes on.
            failures.report(Names.shown(image.source().path()), e.getMessage() != null
                    && e.getMessage().contains("bad_alloc") ? "out of native memory (" + e.getMessage() + ")"
                    : "unexpected error: " + e);
            return ImageTiming.Status.FAILED;
        }
    }

    private void warn(String damage) {
        warned = true;
        failures.warn(image.source().path().toString(), damage);
    }

    /**
     * Who runs this job: a platform thread by its id; a virtual thread by the carrier it is
     * mounted on, which only its {@code toString} names ("VirtualThread[#30,x]/runnable@ForkJoinPool-1-worker-2").
     */
    static String worker() {
        Thread thread = Thread.currentThread();
        if (!thread.isVirtual()) {
            return "#" + thread.threadId();
        }
        String description = thread.toString();
        int at = description.lastIndexOf('@');
        return at < 0 ? description : description.substring(at + 1);
    }

    /** This job's timing relative to {@code start}; a job the strategy never ran counts as skipped. */
    ImageTiming timing(long start, long end) {
        ImageTiming.Status s = status;
        if (s == null) {
            long at = (submittedAt == 0 ? end : submittedAt) - start;
            return new ImageTiming(index, at, end - start, ImageTiming.Status.SKIPPED, lane);
        }
        return new ImageTiming(index, submittedAt - start, completedAt - start, s, lane);
    }
}
