package dev.loomy.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.loomy.console.Console;
import dev.loomy.diff.DiffReport;
import dev.loomy.diff.Heatmaps;
import dev.loomy.diff.ImagePairs;
import dev.loomy.diff.PairComparer;
import dev.loomy.diff.PairResult;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.Names;
import dev.loomy.files.Targets;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.OpenCv;
import dev.loomy.run.ExitCodes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code loomy diff A B}: how far apart two images, or two folders of images, are. */
@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = VersionProvider.class, sortOptions = false,
        usageHelpAutoWidth = true,
        description = {"Compares two images, or two folders of images matched by relative path. Per image: "
                + "the largest difference of one channel value (0-255), the share of identical channel values, "
                + "the PSNR in dB (inf when identical), the mean absolute error of a channel value (MAE) and the "
                + "structural similarity (SSIM: 1 when identical; Gaussian 11x11 window of sigma 1.5, per channel, "
                + "averaged; n/a under 11 pixels wide or high); then the same over every compared pair (overall).",
            "Both images are decoded as the main command reads them (imread's default: 8-bit, 3 channels BGR; "
                + "alpha dropped, gray expanded, 16-bit scaled down), so a difference in channels or depth "
                + "alone does not show."},
        footer = {"", "Exit status: 0 all identical; 1 some differ or are missing on one side; "
                + "2 an image is unreadable, sizes differ, a heatmap cannot be written, or bad usage."})
public final class DiffCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "A", description = "an image, or a folder of images")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "an image, or a folder of images (the same kind as A)")
    Path b;

    @Option(names = "--format", paramLabel = "F", defaultValue = "table",
            description = "table or csv (one row per image, every image and problem, then the overall row; "
                    + "the summary then goes to standard error) (default: ${DEFAULT-VALUE})")
    String format;

    @Option(names = {"-q", "--quiet"}, description = "print only the summary (and the problems, on standard error)")
    boolean quiet;

    @Option(names = "--heatmap", paramLabel = "DIR",
            description = "for each pair that differs, write DIR/NAME.png (NAME: the image's relative path): A faded "
                    + "to light gray where the pair agrees, red where it differs, from pale (a difference of 1) to pure "
                    + "red (255); never inside an input folder")
    Path heatmapFolder;

    private final PrintStream out;
    /** Never quiet: --quiet is about the rows on standard output. */
    private final Console console;

    public DiffCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.console = new Console(err, false);
    }

    @Override
    public Integer call() throws UsageError, InterruptedException {
        DiffReport.Format reportFormat = format();
        List<ImagePairs.Pair> pairs;
        try {
            pairs = ImagePairs.of(a, b, console::error, console::note);
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
        if (pairs.isEmpty()) {
            throw new UsageError("no images found in " + a + " nor in " + b);
        }
        InputGuard guard = guard(pairs);
        OneWriter temps = new OneWriter(guard);
        Heatmaps heatmaps = heatmapFolder == null ? null : heatmaps(pairs, temps, guard);
        OpenCv.load();
        PairComparer comparer = new PairComparer(new ImageReader(), heatmaps);
        DiffReport report = new DiffReport(out, console, reportFormat, quiet);
        // Ctrl-C ends the JVM at once: a heatmap under way is finished or refused, then its temporary file goes.
        Thread cleanup = new Thread(() -> temps.closeAndDeleteAll(Duration.ofSeconds(1)));
        Runtime.getRuntime().addShutdownHook(cleanup);
        try {
            report.begin(pairs.stream().map(ImagePairs.Pair::name).toList());
            for (ImagePairs.Pair pair : pairs) {
                report.add(comparer.compare(pair));
            }
            report.finish();
        } finally {
            temps.deleteAll();
            SamplesCommand.removeHook(cleanup);
        }
        return exitCode(report);
    }

    /** The heatmaps, refused before any image is read where one would land in an input folder or on an input. */
    private Heatmaps heatmaps(List<ImagePairs.Pair> pairs, OneWriter temps, InputGuard guard) throws UsageError {
        Heatmaps heatmaps = new Heatmaps(heatmapFolder, new ImageWriter(temps));
        if (Files.exists(heatmapFolder) && !Files.isDirectory(heatmapFolder)) {
            throw new UsageError("--heatmap=" + Names.shown(heatmapFolder) + ": exists and is not a folder");
        }
        try {
            for (ImagePairs.Pair pair : pairs) {
                Path target = heatmaps.target(pair.name());
                guard.check("--heatmap " + Names.shown(target), target);
                String problem = Targets.problem(target);
                if (problem != null) {
                    throw new UsageError("--heatmap " + Names.shown(target) + ": " + problem + ": " + Targets.ONLY_REGULAR);
                }
            }
        } catch (InputProblem e) {
            throw new UsageError(e.getMessage());
        }
        return heatmaps;
    }

    /** What no heatmap may be written into: both sides' folders and images, checked again at every write. */
    private InputGuard guard(List<ImagePairs.Pair> pairs) {
        List<ImageFile> inputs = new ArrayList<>();
        for (ImagePairs.Pair pair : pairs) {
            inputs.add(new ImageFile(pair.a(), Path.of(pair.name())));
            inputs.add(new ImageFile(pair.b(), Path.of(pair.name())));
        }
        return InputGuard.of(List.of(a, b), inputs);
    }

    private DiffReport.Format format() throws UsageError {
        return switch (format.trim().toLowerCase(Locale.ROOT)) {
            case "table" -> DiffReport.Format.TABLE;
            case "csv" -> DiffReport.Format.CSV;
            default -> throw new UsageError("unknown format '" + format + "' for diff (expected table or csv)");
        };
    }

    private static int exitCode(DiffReport report) {
        if (report.count(PairResult.Kind.UNREADABLE) + report.count(PairResult.Kind.SIZE_MISMATCH)
                + report.unwritten() > 0) {
            return ExitCodes.USAGE;
        }
        if (report.count(PairResult.Kind.DIFFERENT) + report.count(PairResult.Kind.ONLY_IN_A)
                + report.count(PairResult.Kind.ONLY_IN_B) > 0) {
            return ExitCodes.FAILED_IMAGES;
        }
        return ExitCodes.OK;
    }
}
