package dev.loomy.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.BindException;
import java.util.List;
import java.util.concurrent.Callable;

import dev.loomy.console.Console;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.filter.UnknownFilterException;
import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.imageio.OneWriter;
import dev.loomy.run.ExitCodes;
import dev.loomy.run.Interrupts;
import dev.loomy.run.RunControl;
import dev.loomy.tune.TuneServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code loomy tune [-f FILTER] [--port=N] [--config=FILE] INPUT...}: a page on 127.0.0.1, at an
 * address with this run's secret token, where a filter's parameters are tuned on the given images,
 * live; it runs until Ctrl-C.
 */
@Command(name = "tune", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Serves a page on http://127.0.0.1:PORT/?token=SECRET (printed on the last line of standard "
                + "output; the secret is this run's, and nothing is answered without it) where "
                + "you pick one of the images under INPUT and a filter, move its parameters' controls and see the "
                + "original and the filtered image side by side, with the filter's time and the filters.yaml entry "
                + "for the settings. A preview is the image the main command writes with -f NAME --param=... "
                + "--image-format=png, bit for bit. Runs until Ctrl-C."},
        footer = {"", "Exit status: 130 stopped by Ctrl-C (its only way to end); 2 bad usage."})
public final class TuneCommand implements Callable<Integer> {

    /** How often the main thread looks whether Ctrl-C came. */
    private static final long POLL_MILLIS = 50;

    @Option(names = {"-f", "--filter"}, paramLabel = "FILTER",
            description = "the filter shown first, by name (any case) (default: ${DEFAULT-VALUE})")
    String filter = "Cartoon2";

    @Option(names = "--port", paramLabel = "N",
            description = "the port on 127.0.0.1; 0 for a free one (default: ${DEFAULT-VALUE})")
    int port = 0;

    @Mixin
    ConfigOption config;

    @Option(names = {"-q", "--quiet"}, description = "print nothing on standard error but errors and warnings")
    boolean quiet;

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp)")
    List<String> inputs;

    private final PrintStream out;
    private final PrintStream err;

    public TuneCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    @Override
    public Integer call() throws UsageError, InterruptedException {
        Console console = new Console(err, quiet);
        if (port < 0 || port > 65_535) {
            throw new UsageError("--port=" + port + ": expected 0 (a free port) to 65535");
        }
        FilterCatalog catalog = Selections.catalog(config);
        String first = known(catalog.registry(), filter);
        // The main command's walk, with its messages; the output folder plays no part.
        List<ImageFile> images = new Locations(inputs, ".", null).images(console);
        RunControl control = new RunControl();
        OneWriter temps = OneWriter.noInputs();
        try (Interrupts interrupts = Interrupts.forRun(control, temps, null, console);
             TuneServer server = start(catalog, first, images, control, console)) {
            console.info("tune: " + images.size() + " image" + (images.size() == 1 ? "" : "s") + ", "
                    + catalog.entries().size() + " filters; Ctrl-C stops");
            out.println(server.address());
            out.flush();
            while (!control.stopping()) {
                Thread.sleep(POLL_MILLIS);
            }
        }
        return ExitCodes.INTERRUPTED;
    }

    private TuneServer start(FilterCatalog catalog, String first, List<ImageFile> images, RunControl control,
                             Console console) throws UsageError {
        try {
            return TuneServer.start(catalog, first, images, port, control, console::info, console::error);
        } catch (BindException e) {
            throw new UsageError("--port=" + port + ": cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
        } catch (IOException e) {
            throw new UsageError("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
        }
    }

    /** The filter's name as the filters file spells it; an unknown one is bad usage, with the closest names. */
    private static String known(FilterRegistry registry, String name) throws UsageError {
        try {
            return registry.require(name).name();
        } catch (UnknownFilterException e) {
            throw new UsageError("-f: " + e.getMessage());
        }
    }
}
