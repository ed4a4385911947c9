package dev.loomy.cli;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import dev.loomy.files.OutputFormat;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.run.Execution;
import dev.loomy.run.Scan;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;
import dev.loomy.strategy.StructuredStrategy;

/** What to run, from {@link RunOptions}, checked: the strategies, the form of the outputs, the scan and the switches. */
final class Runs {

    /**
     * {@link RunOptions} checked.
     *
     * @param strategies each once, {@code all} made into the five
     * @param scan       the values of {@code --parallelism}, {@code --cv-threads}, {@code --io-latency} and
     *                   {@code --max-in-flight}
     * @param execution  how each image is processed: the scan's first point, with the switches given
     */
    record Checked(List<Strategy> strategies, OutputFormat imageFormat, KeepMetadata keepMetadata, int quality,
                   Scan scan, Execution execution) {

        List<String> strategyNames() {
            return strategies.stream().map(Strategy::name).toList();
        }
    }

    private Runs() {
    }

    /** @param fork {@code --fork} or {@code --no-fork}; null when neither is given */
    static Checked check(RunOptions run, Boolean fork) throws UsageError {
        List<Strategy> strategies = strategies(run);
        OutputFormat imageFormat = UsageError.of(() -> OutputFormat.parse(
                run.imageFormat.orElse(RunOptions.DEFAULT_IMAGE_FORMAT)));
        KeepMetadata keepMetadata = UsageError.of(() -> KeepMetadata.parse(
                run.keepMetadata.orElse(RunOptions.DEFAULT_KEEP_METADATA)));
        int quality = run.quality.orElse(ImageWriter.DEFAULT_QUALITY);
        Selections.checkNames("--strategy", run.strategies, "loop,virtual");
        Scan scan = Scans.of(run);
        Scans.checkInOneJvm(scan, strategies.stream().map(Strategy::name).toList(), fork);
        checkReproducible(run, fork);
        if (run.incremental && run.noWrite) {
            throw new UsageError("--incremental with --no-write: no output is written, so none is recorded or skipped");
        }
        return new Checked(strategies, imageFormat, keepMetadata, quality, scan, execution(run, scan));
    }

    private static Execution execution(RunOptions run, Scan scan) {
        return Execution.DEFAULT.withParallelism(scan.parallelism().get(0)).withCvThreads(scan.cvThreads().get(0))
                .withIoLatency(scan.ioLatency().get(0)).withMaxInFlight(scan.maxInFlight().get(0))
                .withStrict(run.strict).withReproducible(run.reproducible || OpenCvPinning.active())
                .withPinChildren(pinChildren(run)).withFailFast(run.failFast);
    }

    /** Whether child JVMs are started with OpenCV pinned: --reproducible, unless this JVM already is. */
    private static boolean pinChildren(RunOptions run) {
        return run.reproducible && !OpenCvPinning.active();
    }

    /** The strategies, each once, {@code all} made into the five; structured only where this JVM can run it. */
    private static List<Strategy> strategies(RunOptions run) throws UsageError {
        List<Strategy> strategies = UsageError.of(() -> Strategies.parse(run.strategies));
        boolean structured = strategies.stream().anyMatch(s -> s.name().equals(StructuredStrategy.NAME));
        String unavailable = structured ? StructuredStrategy.unavailable() : null;
        if (unavailable != null) {
            throw new UsageError(unavailable);
        }
        return strategies;
    }

    /** --reproducible measures in children started with OpenCV pinned, unless this JVM already is. */
    private static void checkReproducible(RunOptions run, Boolean fork) throws UsageError {
        if (pinChildren(run) && Boolean.FALSE.equals(fork)) {
            throw new UsageError("--reproducible with --no-fork: OpenCV can only be pinned when its JVM starts; drop "
                    + "--no-fork, or start loomy with " + OpenCvPinning.ENVIRONMENT.entrySet().stream()
                    .sorted(Map.Entry.comparingByKey()).map(e -> e.getKey() + "=" + e.getValue())
                    .collect(Collectors.joining(" ")) + " in its environment");
        }
    }
}
