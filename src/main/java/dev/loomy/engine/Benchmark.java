package dev.loomy.engine;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.function.Supplier;

import dev.loomy.imageio.OneWriter;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;
import dev.loomy.results.Measurement;
import dev.loomy.run.MeasureSettings;
import dev.loomy.run.RunControl;
import dev.loomy.strategy.Strategy;

/** Measures one (strategy, filter) in this JVM: warm-up runs, then counted runs, as JMH does per benchmark. */
public final class Benchmark {

    private final RunExecutor executor;
    private final RunControl control;

    public Benchmark(RunControl control, FailureLog failures, RunListener listener) {
        this.control = control;
        this.executor = RunExecutor.measuringContention(control, failures, listener);
    }

    /**
     * The row of {@code strategy} over images walked anew for each run through {@code pipeline}, its
     * runs taken when asked.
     *
     * @param images   the images of one run, as they come
     * @param expected how many images each run expects
     * @param repeats  the counted runs, unless {@code settings} makes their number automatic
     * @param jfrFile  where a JFR recording of the counted runs goes, when {@code settings} asks for one
     * @param files    the writer of that recording
     * @param before   done before each run (OpenCV's threads set for the row's point of a scan)
     */
    public RowRuns row(Strategy strategy, ImagePipeline pipeline, Supplier<Iterator<ImagePaths>> images, int expected,
                       int warmups, int repeats, int parallelism, MeasureSettings settings, Path jfrFile,
                       OneWriter files, Runnable before) {
        return new RowRuns(strategy.name(), pipeline.filter().name(), expected, warmups, repeats, settings, jfrFile,
                files, control, label -> {
                    before.run();
                    return executor.run(strategy, pipeline, images.get(), expected, parallelism, label);
                });
    }

    /**
     * Warm-up runs, then counted runs of {@code oneRun}, wherever it runs (in this JVM, on Spark),
     * until there are enough, a crash or an interrupt, which end the measurement.
     */
    public static Measurement measure(String strategy, String filter, int images, int warmups, int repeats,
                                      MeasureSettings settings, Path jfrFile, OneWriter files, RunControl control,
                                      OneRun oneRun)
            throws InterruptedException {
        return new RowRuns(strategy, filter, images, warmups, repeats, settings, jfrFile, files, control, oneRun)
                .measureAll();
    }
}
