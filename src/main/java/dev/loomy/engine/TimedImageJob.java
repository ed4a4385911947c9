package dev.loomy.engine;

import dev.loomy.console.Phases;
import dev.loomy.files.Names;
import dev.loomy.imageio.ImageException;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.ImageTiming;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.ImageJob;

/** An image job that records when it was handed over, when its work began, when it finished and how. */
final class TimedImageJob implements ImageJob {

    private final int index;
    private final ImagePaths image;
    private final ImagePipeline pipeline;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final RunRecorder recorder;
    private final Runnable ends;
    /** Whether a first failure ({@code --fail-fast}) interrupts the thread running it: not where the strategy cancels its own. */
    private final boolean interruptible;

    // Written by the strategy's thread, read by the worker.
    private volatile long submittedAt;
    private volatile String lane;
    private volatile boolean warned;
    private volatile boolean stoppedRun;

    /**
     * @param recorder counts the job as it ends, with the thread that ran it
     * @param ends     done on the worker once the image is done and timed
     */
    TimedImageJob(int index, ImagePaths image, ImagePipeline pipeline, RunControl control, FailureLog failures,
             RunListener listener, RunRecorder recorder, Runnable ends, boolean interruptible) {
        this.interruptible = interruptible;
        this.recorder = recorder;
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
    public boolean stoppedRun() {
        return stoppedRun;
    }

    @Override
    public void run() {
        long startedAt = System.nanoTime();
        ImageTiming.Status outcome;
        if (control.stopping()) {
            outcome = ImageTiming.Status.SKIPPED;
        } else {
            boolean watched = interruptible && control.failsFast();
            if (watched) {
                control.working();
            }
            try {
                // A virtual thread may resume on another carrier after a wait: both ends are counted.
                recorder.workers().add();
                Phases.firstImage();
                outcome = process();
                recorder.workers().add();
            } finally {
                if (watched) {
                    control.rested();
                }
            }
            if (outcome == ImageTiming.Status.SKIPPED && control.firstFailure() != null) {
                control.cancelledInFlight();
            }
        }
        long completedAt = System.nanoTime();
        recorder.ended(index, submittedAt == 0 ? completedAt : submittedAt, startedAt, completedAt, outcome, lane);
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
            return failed(Names.shown(e.file()), e.reason());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return ImageTiming.Status.SKIPPED;
        } catch (OutOfMemoryError e) {
            // Out of memory poisons the whole run: stop it and report it as crashed.
            control.crash("out of memory (" + e.getMessage() + ") at " + image.source().path());
            return ImageTiming.Status.FAILED;
        } catch (RuntimeException e) {
            return failed(Names.shown(image.source().path()), "unexpected error: " + e);
        } catch (Exception e) {
            // OpenCV's Java binding throws a checked java.lang.Exception for a C++ exception that is
            // not its own, std::bad_alloc among them: this image fails, the run goes on.
            return failed(Names.shown(image.source().path()), e.getMessage() != null
                    && e.getMessage().contains("bad_alloc") ? "out of native memory (" + e.getMessage() + ")"
                    : "unexpected error: " + e);
        }
    }

    /**
     * Reports a failure, one line. With {@code --fail-fast}, the first one stops the run; one after it
     * is most likely the stop itself (an interrupted read or write), and counts as abandoned, unsaid.
     */
    private ImageTiming.Status failed(String file, String reason) {
        if (control.failsFast()) {
            if (!control.failed(file + ": " + reason)) {
                return ImageTiming.Status.SKIPPED;
            }
            stoppedRun = true;
        }
        failures.report(file, reason);
        return ImageTiming.Status.FAILED;
    }

    private void warn(String damage) {
        warned = true;
        failures.warn(image.source().path().toString(), damage);
    }
}
