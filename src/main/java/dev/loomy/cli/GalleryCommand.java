package dev.loomy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;

import dev.loomy.console.Console;
import dev.loomy.engine.RunListener;
import dev.loomy.engine.Runner;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.gallery.Gallery;
import dev.loomy.gallery.Thumbnails;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.OneWriter;
import dev.loomy.report.ProgressBars;
import dev.loomy.results.Measurement;
import dev.loomy.results.Results;
import dev.loomy.run.ExitCodes;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loomy gallery [-f F,...|all] [--param=...] [-o DIR] INPUT...}: every image under every
 * filter or variant, side by side in one page. The images are filtered by the main command's own run (pool
 * strategy on every core, in this JVM), so that the time in each column head is loomy's measurement; then the
 * gallery makes the thumbnails and the page.
 */
@Command(name = "gallery", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Applies each filter to every image under INPUT and writes DIR/index.html: a row per image, "
                + "the original first, then a column per filter or variant (--param), with the filter's parameters and "
                + "its time per image. The images are filtered on every core (pool strategy, one image per core at a "
                + "time). Thumbnails open the full-size images. The page opens from the file system in any browser "
                + "and fetches nothing from the network."},
        footer = {"", "Exit status: 0 every image shown; 1 some images failed or could not be shown; 2 bad usage; "
                + "130 interrupted."})
public final class GalleryCommand implements Callable<Integer> {

    /**
     * The one strategy: a pool of a thread per core, so that the gallery takes every core. A column's
     * time is still one image's, with the others running beside it (the page's foot says so).
     */
    static final String STRATEGY = "pool";

    static final String DEFAULT_FILTERS = "all";

    @Option(names = {"-f", "--filter"}, split = ",", paramLabel = "F", defaultValue = DEFAULT_FILTERS,
            description = "the filters, a comma list of names (any case; a name with a comma in double quotes, "
                    + "'\"Soft,Warm\",Gray'), or all: every filter known (default: ${DEFAULT-VALUE})")
    List<String> filters = List.of(DEFAULT_FILTERS);

    @Option(names = "--param", paramLabel = "NAME=V1[,V2...]",
            description = "repeatable: every selected filter that has parameter NAME gets a column per value, "
                    + "as a variant named Filter[NAME=V]; several give every combination")
    List<String> params = List.of();

    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "where the page and its images go; never inside or equal to an input folder "
                    + "(default: ${DEFAULT-VALUE})")
    Path folder = Path.of("gallery");

    @Mixin
    ConfigOption config;

    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error when all goes well")
    boolean quiet;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp)")
    List<Path> inputs;

    private final PrintStream out;
    private final PrintStream err;

    public GalleryCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws UsageError, InterruptedException {
        Console console = new Console(err, quiet);
        ConfigBuilder.Plan plan = ConfigBuilder.build(run(), console);
        RunConfig runConfig = plan.config();
        OneWriter temps = plan.writer();
        ImageReader reader = new ImageReader(Duration.ZERO, runConfig.execution().strict());
        Gallery gallery = new Gallery(folder, temps, new Thumbnails(reader, temps), console::error);
        // A gallery shows every image: it holds them all.
        List<ImageFile> images = runConfig.imageList();
        try {
            gallery.check(images, runConfig.filters().size(), plan.inputs());
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
        Outputs.prepare(runConfig);
        RunControl control = new RunControl();
        if (GalleryWarmUp.run(runConfig, control, temps)) {
            console.info("interrupted during the warm-up, before any image was timed: stopped");
            return ExitCodes.INTERRUPTED;
        }
        RunListener progress = runConfig.reporting().progress() ? new ProgressBars(err) : RunListener.NONE;
        Results results = new Runner(control, temps, progress, console).run(runConfig);
        int status = ExitCodes.of(results.measurements(), results.interrupted());
        if (status == ExitCodes.INTERRUPTED) {
            return status;
        }
        // Ctrl-C now ends the JVM at once: writes under way finish or are refused, then their temporary files go.
        Thread cleanup = new Thread(() -> temps.closeAndDeleteAll(Duration.ofSeconds(1)));
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            int problems = gallery.write(page(runConfig, images, results), runConfig.execution().parallelism());
            if (problems > 0 || plan.unreadableFolders() > 0) {
                status = Math.max(status, ExitCodes.FAILED_IMAGES);
            }
        } catch (IOException e) {
            console.error(Names.shown(folder.resolve(Gallery.PAGE)) + ": cannot be written: " + IoReasons.of(e));
            return ExitCodes.FAILED_IMAGES;
        } finally {
            temps.deleteAll();
            SamplesCommand.removeHook(cleanup);
        }
        Path page = folder.resolve(Gallery.PAGE);
        out.println(page);
        console.info(String.format(Locale.ROOT, "gallery of %d images under %d filters: %s", images.size(),
                runConfig.filters().size(), page.toUri()));
        return status;
    }

    /** The run this gallery is made from: the main command's defaults, with its filters, images and output. */
    private MainOptions run() throws UsageError {
        MainOptions run = new MainOptions();
        run.run.strategies = List.of(STRATEGY);
        run.selection.filters = filterNames();
        run.selection.params = params;
        run.selection.config = config;
        run.measure.fork = false;
        run.run.output = Optional.of(folder.resolve("images").toString());
        run.report.quiet = quiet;
        run.inputs = inputs.stream().map(Path::toString).toList();
        return run;
    }

    /** The names given, with {@code all} made into every filter known. */
    private List<String> filterNames() throws UsageError {
        if (filters.stream().noneMatch(name -> name.equalsIgnoreCase("all"))) {
            return filters;
        }
        FilterRegistry registry = Selections.catalog(config).registry();
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

    private Gallery.Page page(RunConfig runConfig, List<ImageFile> images, Results results) {
        List<Gallery.Shown> shown = new ArrayList<>();
        List<Measurement> measured = new ArrayList<>();
        for (ResolvedFilter filter : runConfig.filters()) {
            shown.add(Gallery.Shown.of(filter.create()));
            measured.add(results.measurements().stream().filter(m -> m.filter().equals(filter.name())).findFirst()
                    .orElse(null));
        }
        String caption = images.size() + " image" + (images.size() == 1 ? "" : "s") + " \u00d7 "
                + shown.size() + " filter" + (shown.size() == 1 ? "" : "s") + " \u00b7 " + String.join(", ",
                runConfig.inputs().stream().map(Path::toString).toList());
        String timing = Gallery.timing(STRATEGY, runConfig.execution().parallelism(), runConfig.execution().cvThreads(),
                results.machine());
        return new Gallery.Page(images, shown, measured, runConfig.layout(), STRATEGY, caption, timing);
    }
}
