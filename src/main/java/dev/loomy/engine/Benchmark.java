package dev.loomy.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

import dev.loomy.imageio.JpegCodec;
import dev.loomy.imageio.TempFiles;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.profile.Profile;
import dev.loomy.profile.Profiler;
import dev.loomy.stats.AutoRepeat;
import dev.loomy.run.MeasureSettings;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.results.RunRecord;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategy;

/** Measures one (strategy, filter): warm-up runs, then counted runs, as JMH does per benchmark. */
public final class Benchmark {

    private final RunExecutor executor;
    private final RunControl control;

    public Benchmark(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.executor = new RunExecutor(control, failures, listener);
    }

    /**
     * Measures {@code strategy} over images walked anew for each run.
     *
     * @param images   the images of one run, as they come
     * @param repeats  the counted runs, unless {@code settings} makes their number automatic
     * @param jfrFile  where a JFR recording of the counted runs goes, when {@code settings} asks for one
     * @param expected how many images each run expects
     * @param files    the writer of that recording
     */
    public Measurement measure(Strategy strategy, ImagePipeline pipeline, Supplier<Iterator<ImagePaths>> images,
                               int expected, int warmups, int repeats, int parallelism, MeasureSettings settings,
                               Path jfrFile, TempFiles files) throws InterruptedException {
        return measure(strategy.name(), pipeline.filter().name(), expected, warmups, repeats, settings, jfrFile,
                files, control, label -> executor.run(strategy, pipeline, images.get(), expected, parallelism, label));
    }

    /** One run over every image, named by {@code label} (e.g. "virtual / Cartoon2 run 1/3"). */
    public interface OneRun {
        RunRecord run(String label) throws InterruptedException;
    }

    /**
     * Warm-up runs, then counted runs of {@code oneRun}, wherever it runs (in this JVM, on Spark),
     * until there are enough, a crash or an interrupt, which end the measurement.
     */
    public static Measurement measure(String strategy, String filter, int images, int warmups, int repeats,
                                      MeasureSettings settings, Path jfrFile, TempFiles files, RunControl control,
                                      OneRun oneRun)
            throws InterruptedException {
        String name = strategy + " / " + filter;
        List<RunRecord> counted = new ArrayList<>();
        control.clearCrash();
        Profiler profiler = null;
        for (int i = 0; i < warmups || !enough(settings, repeats, counted); i++) {
            boolean warmup = i < warmups;
            if (!warmup && profiler == null && !settings.profiles().isEmpty()) {
                // Profiled from the first counted run: warm-ups are the JIT's, not the strategy's.
                try {
                    profiler = Profiler.start(settings.profiles(), jfrFile, files);
                } catch (IOException | RuntimeException e) {
                    return Measurement.crashed(strategy, filter, images, warmups, counted,
                            "could not start profiling: " + e.getMessage());
                }
            }
            String label = name + (warmup ? " warm-up " + (i + 1) + "/" + warmups
                    : " run " + (counted.size() + 1) + "/" + (settings.autoRepeat() ? "auto" : repeats));
            RunRecord run = oneRun.run(label);
            if ((control.crashReason() != null || run.interrupted()) && profiler != null) {
                profiler.discard();
            }
            if (control.crashReason() != null) {
                return Measurement.crashed(strategy, filter, images, warmups, counted, control.crashReason());
            }
            if (run.interrupted()) {
                // A partial run's time says nothing comparable; it is kept only when there is nothing else,
                // and then the figures are over the images it finished. The note follows the outcome's word.
                String note = warmup ? "during warm-up " + (i + 1) + ", before any counted run"
                        : "during run " + (counted.size() + 1) + ", which is not counted";
                // A warm-up's time is the JIT's, never a measurement.
                if (counted.isEmpty() && !warmup) {
                    counted.add(run);
                    note = "after " + (run.done() + run.failed()) + " of " + images + " images; the figures cover those";
                }
                return new Measurement(strategy, filter, images, warmups, counted, Outcome.INTERRUPTED, note)
                        .withJpegCodec(JpegCodec.used());
            }
            if (!warmup) {
                counted.add(run);
            }
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

    /** Whether the counted runs so far are all there are to take. */
    private static boolean enough(MeasureSettings settings, int repeats, List<RunRecord> counted) {
        if (!settings.autoRepeat()) {
            return counted.size() >= repeats;
        }
        double[] ms = counted.stream().mapToDouble(r -> r.wallNanos() / 1e6).toArray();
        return AutoRepeat.enough(ms, Duration.ofNanos(counted.stream().mapToLong(RunRecord::wallNanos).sum()));
    }
}
