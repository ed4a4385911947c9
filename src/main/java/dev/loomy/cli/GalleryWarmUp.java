package dev.loomy.cli;

import java.io.OutputStream;
import java.io.PrintStream;
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
 * Before the gallery's run: NoOp over its first {@value #IMAGES} images, read but neither
 * encoded nor written ({@code --no-write}) and timed by no one, so that the first column's time is
 * not the JVM's warming up. Nothing is written: not among the inputs, not outside the output
 * folder, nothing for a killed run to leave behind. Measured on 12 images of 320x240 (with a
 * warm-up that still wrote): three NoOp columns in a row took 4.5-5.1, then 2.5-2.7 and 2.3-2.5
 * ms an image; after it, the first column took what the others do.
 */
final class GalleryWarmUp {

    static final int IMAGES = 50;

    private GalleryWarmUp() {
    }

    /** Runs the warm-up derived from {@code config}: its inputs, strategy and settings, NoOp, nothing written, silent. */
    static void run(RunConfig config, RunControl control, OneWriter temps) {
        List<ImageFile> first = new ArrayList<>();
        for (Iterator<ImageFile> images = config.walk(); images.hasNext() && first.size() < IMAGES; ) {
            first.add(images.next());
        }
        RunConfig warm = config.withImages(ImageSet.of(first)).withFilters(List.of(ResolvedFilter.of(new NoOp())))
                .withOutput(config.output().withoutWriting())
                .withReporting(Reporting.of(config.reporting().format()).withQuiet(true));
        // Its failures are the run's to report, once.
        Console silent = new Console(new PrintStream(OutputStream.nullOutputStream()), true);
        new Runner(control, temps, RunListener.NONE, silent).run(warm);
    }
}
