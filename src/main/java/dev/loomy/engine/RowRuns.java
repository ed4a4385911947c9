package dev.loomy.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.loomy.imageio.JpegCodec;
import dev.loomy.imageio.OneWriter;
import dev.loomy.profile.Profile;
import dev.loomy.profile.Profiler;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.RunRecord;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RunControl;
import dev.loomy.stats.AutoRepeat;

/**
 * One row's runs in the JVM that measures it, as JMH takes a benchmark's: warm-ups, then counted
 * runs until there are enough ({@code --repeat}, or {@code --repeat=auto}'s stopping rule), a
 * crash or an interrupt, which end the row. The profilers cover the counted runs, from the first.
 */
public final class RowRuns implements Row {

    private final String strategy;
    private final String filter;
    private final int images;
    private final int warmups;
    private final int repeats;
    private final MeasureSettings settings;
    private final Path jfrFile;
    private final OneWriter files;
    private final RunControl control;
    private final OneRun oneRun;

    private final List<RunRecord> counted = new ArrayList<>();
    private Profiler profiler;
    /** The measurement, once a crash or an interrupt ended the row early. */
    private Measurement ended;

    /**
     * @param images   how many images each run is given
     * @param repeats  the counted runs, unless {@code settings} makes their number automatic
     * @param jfrFile  where a JFR recording of the counted runs goes, when {@code settings} asks for one
     * @param files    the writer of that recording
     */
    public RowRuns(String strategy, String filter, int images, int warmups, int repeats, MeasureSettings settings,
                   Path jfrFile, OneWriter files, RunControl control, OneRun oneRun) {
        this.strategy = strategy;
        this.filter = filter;
        this.images = images;
        this.warmups = warmups;
        this.repeats = repeats;
        this.settings = settings;
        this.jfrFile = jfrFile;
        this.files = files;
        this.control = control;
        this.oneRun = oneRun;
    }

    @Override
    public String label() {
        return strategy + " / " + filter;
    }

    @Override
    public void warmUp() throws InterruptedException {
        for (int i = 0; i < warmups && ended == null; i++) {
            control.clearCrash();
            RunRecord run = oneRun.run(label() + " warm-up " + (i + 1) + "/" + warmups);
            if (control.crashReason() != null) {
                ended = Measurement.crashed(strategy, filter, images, warmups, counted, control.crashReason());
            } else if (control.firstFailure() != null) {
                ended = stoppedAtFailure(run);
            } else if (run.interrupted()) {
                // A warm-up's time is the JIT's, never a measurement.
                ended = interrupted("during warm-up " + (i + 1) + ", before any counted run");
            }
        }
    }

    @Override
    public boolean needsMore() {
        return ended == null && !control.ended() && !enough();
    }

    @Override
    public void runOnce() throws InterruptedException {
        if (ended != null) {
            return;
        }
        // A crash belongs to the run it happened in; another row's may have come before.
        control.clearCrash();
        if (profiler == null && !settings.profiles().isEmpty()) {
            // Profiled from the first counted run: warm-ups are the JIT's, not the strategy's.
            try {
                profiler = Profiler.start(settings.profiles(), jfrFile, files);
            } catch (IOException | RuntimeException e) {
                ended = Measurement.crashed(strategy, filter, images, warmups, counted,
                        "could not start profiling: " + e.getMessage());
                return;
            }
        }
        RunRecord run = oneRun.run(label() + " run " + (counted.size() + 1) + "/"
                + (settings.autoRepeat() ? "auto" : repeats));
        if (control.crashReason() != null) {
            discardProfile();
            ended = Measurement.crashed(strategy, filter, images, warmups, counted, control.crashReason());
        } else if (control.firstFailure() != null) {
            discardProfile();
            ended = stoppedAtFailure(run);
        } else if (run.interrupted()) {
            discardProfile();
            // A partial run's time says nothing comparable; it is kept only when there is nothing else,
            // and then the figures are over the images it finished. The note follows the outcome's word.
            String note = "during run " + (counted.size() + 1) + ", which is not counted";
            if (counted.isEmpty()) {
                counted.add(run);
                note = "after " + (run.done() + run.failed()) + " of " + images + " images; the figures cover those";
            }
            ended = interrupted(note);
        } else {
            counted.add(run);
        }
    }

    @Override
    public Measurement finish() {
        if (ended != null) {
            return ended;
        }
        if (control.interrupted() && !enough()) {
            // Interrupted while another row ran: the runs it had are whole, but fewer than asked.
            discardProfile();
            return interrupted(counted.isEmpty() ? "before its first counted run"
                    : "before run " + (counted.size() + 1) + "; the figures cover the " + counted.size() + " before");
        }
        if (control.firstFailure() != null && !enough()) {
            // Another row's image stopped the run (--fail-fast) before this one had all its runs.
            discardProfile();
            return new Measurement(strategy, filter, images, warmups, List.copyOf(counted), Outcome.FAILED_IMAGES,
                    "not measured to the end: another row's image stopped the run (" + control.firstFailure() + ")");
        }
        Profile profile = null;
        if (profiler != null) {
            try {
                profile = profiler.stop(counted.stream().mapToLong(r -> r.done() + r.failed()).sum());
            } catch (IOException | RuntimeException e) {
                return Measurement.crashed(strategy, filter, images, warmups, counted,
                        "could not finish profiling: " + e.getMessage());
            }
        }
        Outcome outcome = counted.stream().anyMatch(r -> r.failed() > 0) ? Outcome.FAILED_IMAGES : Outcome.OK;
        return new Measurement(strategy, filter, images, warmups, List.copyOf(counted), outcome, null, profile)
                .withJpegCodec(JpegCodec.used());
    }

    /** Warm-ups, then counted runs until there are enough: the whole row at once. */
    public Measurement measureAll() throws InterruptedException {
        warmUp();
        while (needsMore()) {
            runOnce();
        }
        return finish();
    }

    /**
     * The row of a run that its first failed image stopped ({@code --fail-fast}): that run's images are
     * the figures when no counted run came before, as after an interrupt.
     */
    private Measurement stoppedAtFailure(RunRecord run) {
        double afterMs = (System.nanoTime() - control.firstFailureAt()) / 1e6;
        if (counted.isEmpty()) {
            counted.add(run);
        }
        int cancelled = control.cancelledCount();
        int notStarted = Math.max(0, run.skipped() - cancelled);
        String note = String.format(Locale.ROOT, "stopped at the first failure (%s), the run ended %.0f ms after it; "
                + "%d %s never started, %d under way cancelled", control.firstFailure(), afterMs, notStarted,
                notStarted == 1 ? "image" : "images", cancelled);
        return new Measurement(strategy, filter, images, warmups, List.copyOf(counted), Outcome.FAILED_IMAGES, note)
                .withJpegCodec(JpegCodec.used());
    }

    private Measurement interrupted(String note) {
        return new Measurement(strategy, filter, images, warmups, List.copyOf(counted), Outcome.INTERRUPTED, note)
                .withJpegCodec(JpegCodec.used());
    }

    private void discardProfile() {
        if (profiler != null) {
            profiler.discard();
            profiler = null;
        }
    }

    /** Whether the counted runs so far are all there are to take. */
    private boolean enough() {
        if (!settings.autoRepeat()) {
            return counted.size() >= repeats;
        }
        double[] ms = counted.stream().mapToDouble(r -> r.wallNanos() / 1e6).toArray();
        return AutoRepeat.enough(ms, Duration.ofNanos(counted.stream().mapToLong(RunRecord::wallNanos).sum()));
    }
}
