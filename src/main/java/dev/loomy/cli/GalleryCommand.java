package dev.loomy.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import dev.loomy.engine.RunListener;
import dev.loomy.engine.Runner;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.NoOp;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.gallery.Gallery;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.TempFiles;
import dev.loomy.gallery.Thumbnails;
import dev.loomy.report.ProgressBars;
import dev.loomy.results.Measurement;
import dev.loomy.results.Results;
import dev.loomy.run.RunConfig;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code loomy gallery [-f F,...|all] [--param=...] [-o DIR] INPUT...}: every image under every
 * filter or variant, side by side in one page. The images are filtered by the main command's own run (loop strategy,
 * in this JVM), so that the time in each column head is loomy's measurement; then the gallery
 * makes the thumbnails and the page.
 */
@Command(name = "gallery", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Applies each filter to every image under INPUT and writes DIR/index.html: a row per image, "
                + "the original first, then a column per filter or variant (--param), with the filter's parameters and its time per image. "
                + "Thumbnails open the full-size images. The page opens from the file system in any browser and "
                + "fetches nothing from the network."},
        footer = {"", "Exit status: 0 every image shown; 1 some images failed or could not be shown; 2 bad usage; "
                + "130 interrupted."})
public final class GalleryCommand extends StreamCommand {

    /** The one strategy: images one after the other, so that a column's time is one image's. */
    static final String STRATEGY = "loop";

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F", defaultValue = "all",
            description = "the filters, a comma list of names (any case), or all: every filter known "
                    + "(default: ${DEFAULT-VALUE})")
    List<String> filters;

    @Option(names = "--param", paramLabel = "NAME=V1[,V2...]",
            description = "repeatable: every selected filter that has parameter NAME gets a column per value, "
                    + "as a variant named Filter[NAME=V]; several give every combination")
    List<String> params = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "gallery",
            description = "where the page and its images go; never inside or equal to an input folder "
                    + "(default: ${DEFAULT-VALUE})")
    Path folder;

    @Mixin
    ConfigOption config;

    /** The command line as parsed, for the lists as given. */
    @Spec
    CommandSpec spec;

    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error when all goes well")
    boolean quiet;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp)")
    List<Path> inputs;

    /** Images the JVM warms up on before the gallery's run (see {@link #warmUp}). */
    private static final int WARM_UP_IMAGES = 50;

    public GalleryCommand(PrintStream out, PrintStream err) {
        super(out, err);
    }

    @Override
    protected int execute() throws UsageError, InterruptedException {
        ConfigBuilder.checkLists(spec);
        LoomyCommand run = mainCommand();
        ConfigBuilder builder = new ConfigBuilder(run, w -> err.println("loomy: " + w));
        RunConfig runConfig = builder.build();
        TempFiles temps = new TempFiles();
        ImageReader reader = new ImageReader(Duration.ZERO, runConfig.execution().strict());
        Gallery gallery = new Gallery(folder, temps, new Thumbnails(reader, temps), p -> err.println("loomy: " + p));
        try {
            gallery.check(runConfig.images(), runConfig.filters().size(),
                    InputGuard.of(runConfig.inputs(), runConfig.images()));
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
        ConfigBuilder.prepareOutputs(runConfig);
        warmUp(runConfig, run, temps);
        RunListener progress = runConfig.reporting().progress() ? new ProgressBars(err) : RunListener.NONE;
        Results results = new Runner(run.control(), temps, progress, err).run(runConfig);
        int status = ExitCodes.of(results.measurements(), results.interrupted());
        if (status == ExitCodes.INTERRUPTED) {
            return status;
        }
        // Ctrl-C now ends the JVM at once: writes under way finish or are refused, then their temporary files go.
        Thread cleanup = new Thread(() -> temps.closeAndDeleteAll(Duration.ofSeconds(1)));
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            int problems = gallery.write(page(runConfig, results), runConfig.execution().parallelism());
            if (problems > 0 || builder.unreadableFolders() > 0) {
                status = Math.max(status, ExitCodes.FAILED_IMAGES);
            }
        } catch (IOException e) {
            err.println("loomy: " + Names.shown(folder.resolve(Gallery.PAGE)) + ": cannot be written: " + IoReasons.of(e));
            return ExitCodes.FAILED_IMAGES;
        } finally {
            temps.deleteAll();
            SamplesCommand.removeHook(cleanup);
        }
        Path page = folder.resolve(Gallery.PAGE);
        out.println(page);
        if (!quiet) {
            err.printf(Locale.ROOT, "loomy: gallery of %d images under %d filters: %s%n", runConfig.images().size(),
                    runConfig.filters().size(), page.toUri());
        }
        return status;
    }

    /**
     * Reads, writes (to a temporary folder, deleted after) and times nothing: NoOp over the
     * first {@value #WARM_UP_IMAGES} images, so that the first column's time is not the JVM's
     * warming up. Measured on 12 images of 320x240: three NoOp columns in a row took 4.5-5.1, then
     * 2.5-2.7 and 2.3-2.5 ms an image; after this, the first column takes what the others do.
     */
    private void warmUp(RunConfig config, LoomyCommand run, TempFiles temps) {
        Path folder;
        try {
            folder = Files.createTempDirectory("loomy-gallery-warm-up");
        } catch (IOException e) {
            return; // No room for it: the first column is then a little slow, nothing more.
        }
        try {
            RunConfig warm = new RunConfig(config.inputs(),
                    config.images().subList(0, Math.min(WARM_UP_IMAGES, config.images().size())), config.strategies(),
                    List.of(ResolvedFilter.of(new NoOp())), config.selection(),
                    new RunConfig.Output(folder, true, config.output().format()), config.measuring(), config.execution(),
                    new RunConfig.Reporting(config.reporting().format(), null, null, null, true, false));
            // Its failures are the run's to report, once.
            new Runner(run.control(), temps, RunListener.NONE, new PrintStream(OutputStream.nullOutputStream())).run(warm);
        } finally {
            try (Stream<Path> walk = Files.walk(folder)) {
                for (Path file : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException | UncheckedIOException e) {
                // Left in the system's temporary folder.
            }
        }
    }

    /** The main command, given the options that make its run this gallery's. */
    private LoomyCommand mainCommand() throws UsageError {
        List<String> args = new ArrayList<>(List.of("--strategy=" + STRATEGY, "--no-fork",
                "--filter=" + String.join(",", filterNames()),
                "--output=" + folder.resolve("images")));
        if (config.file != null) {
            args.add("--config=" + config.file);
        }
        params.forEach(param -> args.add("--param=" + param));
        if (quiet) {
            args.add("--quiet");
        }
        args.add("--");
        inputs.forEach(input -> args.add(input.toString()));
        LoomyCommand run = new LoomyCommand(out, err);
        try {
            new CommandLine(run).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new UsageError(e.getMessage());
        }
        return run;
    }

    /** The names given, with {@code all} made into every filter known. */
    private List<String> filterNames() throws UsageError {
        if (filters.stream().noneMatch(name -> name.equalsIgnoreCase("all"))) {
            return filters;
        }
        FilterRegistry registry = config.catalog().registry();
        List<String> names = new ArrayList<>();
        for (String name : filters) {
            for (String one : name.equalsIgnoreCase("all") ? registry.names() : List.of(name)) {
                if (!names.contains(one)) {
                    names.add(one);
                }
            }
        }
        return names;
    }

    private Gallery.Page page(RunConfig runConfig, Results results) {
        List<Gallery.Shown> shown = new ArrayList<>();
        List<Measurement> measured = new ArrayList<>();
        for (ResolvedFilter filter : runConfig.filters()) {
            String parameters = FiltersCommand.parameters(filter.create());
            shown.add(new Gallery.Shown(filter.name(), parameters.equals(FiltersCommand.NONE) ? "" : parameters));
            measured.add(results.measurements().stream().filter(m -> m.filter().equals(filter.name())).findFirst()
                    .orElse(null));
        }
        String caption = runConfig.images().size() + " image" + (runConfig.images().size() == 1 ? "" : "s") + " \u00d7 "
                + shown.size() + " filter" + (shown.size() == 1 ? "" : "s") + " \u00b7 " + String.join(", ",
                runConfig.inputs().stream().map(Path::toString).toList());
        String timing = "Time: the median over the images of one image's read, filter and write, one after the other "
                + "(loop strategy, one run, OpenCV on " + runConfig.execution().cvThreads() + " thread), on "
                + results.machine().cores() + " cores, " + results.machine().cpu() + ", " + results.machine().jdk()
                + ". Click a thumbnail for the full-size image.";
        return new Gallery.Page(runConfig.images(), shown, measured, runConfig.layout(), STRATEGY, caption, timing);
    }
}
