package dev.loomy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;

import org.opencv.core.Core;

import dev.loomy.admission.AvailableMemory;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.console.Console;
import dev.loomy.files.Names;
import dev.loomy.files.Targets;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.DecodeLimits;
import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;
import dev.loomy.samples.ImageSize;
import dev.loomy.samples.SampleBatch;
import dev.loomy.samples.SampleGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** {@code loomy samples [--count=N] [--size=WxH] [--seed=S] DIR}: reproducible synthetic test images. */
// DIR is required, but its arity stays 0..1 so that a missing one gets call's message, which
// points to ./samples: the synopsis is written out so as to show it required.
@Command(name = "samples", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        customSynopsis = "loomy samples [-hqV] [-n=N] [--seed=S] [--size=WxH] DIR",
        description = {"Writes N reproducible photo-like test images into DIR: smooth colour fields, shapes, "
                + "textures, lines, uneven light, blur and noise. Two in three are JPEG (quality 95), "
                + "the rest PNG, named sample-0001.jpg, sample-0002.jpg, sample-0003.png, ...",
            "The same seed and size give the same files on the same OpenCV build; image i is the same "
                + "whatever the count, so a larger set extends a smaller one."},
        footer = {"", "As the first argument, 'samples' names this command; to run loomy on a folder called samples, "
                + "write it ./samples or put it after an option.",
            "", "Exit status: 0 all written; 1 an image could not be written; 2 bad usage."})
public final class SamplesCommand implements Callable<Integer> {

    @Option(names = {"-n", "--count"}, paramLabel = "N", defaultValue = "10",
            description = "how many images (default: ${DEFAULT-VALUE})")
    int count;

    @Option(names = "--size", paramLabel = "WxH", converter = SizeConverter.class,
            description = "the size of every image, e.g. 1024x768 (default: a mix of photo sizes: "
                    + "612x612, 640x480, 800x600, 1024x768 and their portrait forms)")
    ImageSize size;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "another seed gives other images (default: ${DEFAULT-VALUE})")
    long seed;

    @Option(names = {"-q", "--quiet"}, description = "print nothing when all goes well")
    boolean quiet;

    @Parameters(paramLabel = "DIR", arity = "0..1", description = "the folder to write into (required); created if missing")
    Path dir;

    private final PrintStream err;

    /** @param out unused: the images are the output; @param err where the summary and errors go */
    public SamplesCommand(PrintStream out, PrintStream err) {
        this.err = err;
    }

    @Override
    public Integer call() throws UsageError, InterruptedException {
        Console console = new Console(err, quiet);
        if (dir == null) {
            throw new UsageError("missing DIR, the folder to write the images into (see 'loomy samples --help'); "
                    + "to run loomy on the folder called samples, write it ./samples or after an option: "
                    + "loomy --strategy=virtual samples");
        }
        if (count < 1) {
            throw new UsageError("--count must be at least 1, not " + count + " (see 'loomy samples --help')");
        }
        // An image loomy would refuse to read is no sample: refused before gigabytes are spent painting it.
        String unreadable = size == null ? null : DecodeLimits.refusal(size.width(), size.height());
        if (unreadable != null) {
            throw new UsageError("--size=" + size + ": loomy could not read such an image back: " + unreadable);
        }
        SampleGenerator generator = new SampleGenerator(seed, size);
        int threads;
        try {
            // Admitted as the main command admits images: within the memory there is, fewer at once if need be.
            threads = InFlightLimit.madeInFlight(generator.peakBytes(), Runtime.getRuntime().availableProcessors(),
                    AvailableMemory.now());
        } catch (IllegalArgumentException e) {
            throw new UsageError("--size=" + size + ": too large for the memory available: " + e.getMessage());
        }
        createFolder();
        checkTargets(generator);
        OpenCv.load();
        // Every image is painted on one thread of the batch's pool; OpenCV's threads would only compete.
        Core.setNumThreads(1);
        OneWriter temps = OneWriter.noInputs();
        Thread cleanup = new Thread(temps::deleteAll);
        Runtime.getRuntime().addShutdownHook(cleanup);
        long start = System.nanoTime();
        try {
            SampleBatch batch = new SampleBatch(generator, new ImageWriter(temps), threads);
            SampleBatch.Result result = batch.write(dir, count);
            console.info(summary(result, System.nanoTime() - start));
            return ExitCodes.OK;
        } catch (ImageException e) {
            console.error(e.getMessage());
            return ExitCodes.FAILED_IMAGES;
        } finally {
            temps.deleteAll();
            removeHook(cleanup);
        }
    }

    private void createFolder() throws UsageError {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UsageError(dir + ": exists and is not a folder");
        }
        try {
            OneWriter.makeFolders(dir);
        } catch (IOException e) {
            throw new UsageError(dir + ": cannot be created (" + e + ")");
        }
    }

    /** Refuses, before any image is painted, a sample's name taken by anything but a regular file of one name. */
    private void checkTargets(SampleGenerator generator) throws UsageError {
        int digits = SampleGenerator.digits(count);
        for (int index = 1; index <= count; index++) {
            Path target = dir.resolve(generator.describe(index).fileName(digits));
            String problem = Targets.problem(target);
            if (problem != null) {
                throw new UsageError(Names.shown(target) + ": " + problem + ": " + Targets.ONLY_REGULAR);
            }
        }
    }

    private String summary(SampleBatch.Result result, long nanos) {
        return String.format(Locale.ROOT, "wrote %d images (%d JPEG, %d PNG, %.1f MiB) to %s in %.2f s",
                result.images(), result.jpegs(), result.pngs(), result.bytes() / (1024.0 * 1024.0), dir, nanos / 1e9);
    }

    static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting: the hook runs, which is what it is for.
        }
    }

    /** Picocli's converter for {@code --size}, with the reason in its error. */
    static final class SizeConverter implements CommandLine.ITypeConverter<ImageSize> {

        @Override
        public ImageSize convert(String value) {
            try {
                return ImageSize.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
