package dev.loomy.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import dev.loomy.console.Console;
import dev.loomy.engine.RunListener;
import dev.loomy.engine.Runner;
import dev.loomy.files.ImageFile;
import dev.loomy.files.ImageSet;
import dev.loomy.filter.NoOp;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.run.Reporting;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;

/**
 * Before the gallery's run, two passes that nothing times, whose images are read but neither encoded
 * nor written ({@code --no-write}): NoOp over the first {@value #IMAGES} images, so that the first
 * column's time is not the JVM's warming up; then the run's own filters, each over the first
 * {@value #IMAGES_PER_THREAD} images per thread, so that a column's time is not its filter's first use
 * (OpenCV's lazy set-up, the JIT's first compilations). Cartoon2's head, 6 pairs taken in turn on 2
 * cores that other programs kept 55-90% busy: median 109 ms after both passes against 145 after NoOp's
 * alone on 40 photos (lower in all 6), 136 against 144 on 10 (4 of 6). The second pass ends at {@link #BUDGET}
 * whatever is left, so that a slow chain cannot hold the gallery up. Nothing is written: not among the
 * inputs, not outside the output folder, nothing for a killed run to leave behind. A signal during
 * either pass stops the gallery as one during its run does.
 */
final class GalleryWarmUp {

    static final int IMAGES = 50;
    static final int IMAGES_PER_THREAD = 2;
    static final Duration BUDGET = Duration.ofSeconds(3);

    private GalleryWarmUp() {
    }

    /**
     * Runs the warm-up derived from {@code config}: its inputs, strategy and settings, nothing written, silent.
     *
     * @return whether a signal stopped it ({@code control} is then interrupted)
     */
    static boolean run(RunConfig config, RunControl control, OneWriter temps) {
        List<ImageFile> first = new ArrayList<>();
        for (Iterator<ImageFile> images = config.walk(); images.hasNext() && first.size() < IMAGES; ) {
            first.add(images.next());
        }
        RunConfig silent = config.withOutput(config.output().withoutWriting())
                .withReporting(Reporting.of(config.reporting().format()).withQuiet(true));
        pass(silent.withImages(ImageSet.of(first)).withFilters(List.of(ResolvedFilter.of(new NoOp()))), control, temps);
        if (control.interrupted()) {
            return true;
        }
        int few = Math.min(first.size(), IMAGES_PER_THREAD * config.execution().parallelism());
        // Its own control, so that its end is not the gallery's; a signal during it still is.
        RunControl bounded = new RunControl();
        bounded.endBy(System.nanoTime() + BUDGET.toNanos());
        pass(silent.withImages(ImageSet.of(first.subList(0, few))), bounded, temps);
        if (bounded.interrupted()) {
            control.interrupt();
        }
        return control.interrupted();
    }

    private static void pass(RunConfig config, RunControl control, OneWriter temps) {
        // Its failures are the run's to report, once.
        Console silent = new Console(new PrintStream(OutputStream.nullOutputStream()), true);
        new Runner(control, temps, RunListener.NONE, silent).run(config);
    }
}
