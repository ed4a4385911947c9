package dev.loomy.cli;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.run.Scan;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/** What each run does and with how many threads. */
public final class RunOptions {

    /**
     * Threads that --parallelism and --cv-threads may ask for, at most: far beyond any useful
     * oversubscription, and far below what would exhaust the system's threads or memory.
     */
    static final int MAX_THREADS = 4096;

    @Option(names = {"-o", "--output"}, paramLabel = "DIR", defaultValue = "out",
            description = "where results go; never inside or equal to an input folder; with --engine=spark, "
                    + "a URI too (default: ${DEFAULT-VALUE})")
    String output;

    @Option(names = "--no-write", description = "apply the filters but write nothing (compute-only timing)")
    boolean noWrite;

    @Option(names = "--image-format", paramLabel = "F", defaultValue = "same",
            description = "same (the input's format), png or jpg: the format of written images (default: ${DEFAULT-VALUE})")
    String imageFormat;

    @Option(names = "--keep-metadata", paramLabel = "WHAT", defaultValue = "all",
            description = "all, none, icc or exif: the EXIF, ICC profile and XMP of a JPEG or PNG that its output keeps "
                    + "when written in the same format; an EXIF orientation is reset to 1, the pixels being turned upright "
                    + "(default: ${DEFAULT-VALUE})")
    String keepMetadata;

    @Option(names = "--parallelism", paramLabel = "N[,N...]", split = ",",
            description = "pool size, ForkJoin parallelism and virtual-thread carriers, 1 to 4096 "
                    + "(default: the available processors); a comma list scans them, rows per value")
    List<Integer> parallelism;

    @Option(names = "--cv-threads", paramLabel = "N[,N...]", split = ",", defaultValue = "1",
            description = "OpenCV's own worker threads inside one filter call; 1 lets the strategy alone "
                    + "decide the parallelism; at most 4096 (default: ${DEFAULT-VALUE}); a comma list scans them")
    List<Integer> cvThreads;

    @Option(names = "--io-latency", paramLabel = "DURATION[,D...]", split = ",", converter = DurationConverter.class,
            description = "a blocking wait added to every image read (e.g. 20ms), modelling slow storage "
                    + "such as a network share (default: none); a comma list scans them (0,5ms,20ms)")
    List<Duration> ioLatency;

    @Option(names = "--max-in-flight", paramLabel = "N|auto|unbounded", split = ",", defaultValue = "auto",
            converter = InFlightLimitConverter.class,
            description = "images decoded and held in memory at once, for every strategy: a number, auto (from the "
                    + "memory available and each image's size) or unbounded (default: ${DEFAULT-VALUE}); a comma "
                    + "list scans them")
    List<InFlightLimit> maxInFlight;

    @Option(names = "--strict",
            description = "an image that is damaged but decodable (a JPEG cut short) counts as failed; by default it "
                    + "is decoded as far as its data goes, processed and written, with a warning")
    boolean strict;

    @Option(names = "--reproducible",
            description = "OpenCV runs its baseline code (IPP and SIMD dispatch off), so that every x86-64 CPU writes "
                    + "the same bytes; slower. Images are then processed in child JVMs started with OpenCV pinned")
    boolean reproducible;

    /** The values of the options a scan may vary, checked: a list of several values scans the option. */
    Scan scan() throws UsageError {
        List<Integer> parallelisms = parallelism != null ? parallelism
                : List.of(Runtime.getRuntime().availableProcessors());
        threads("--parallelism", parallelisms);
        threads("--cv-threads", cvThreads);
        return new Scan(distinct(parallelisms), distinct(cvThreads),
                distinct(ioLatency == null ? List.of(Duration.ZERO) : ioLatency), distinct(maxInFlight));
    }

    private static void threads(String option, List<Integer> values) throws UsageError {
        for (int value : values) {
            if (value < 1 || value > MAX_THREADS) {
                throw new UsageError(option + " must be from 1 to " + MAX_THREADS + ", not " + value);
            }
        }
    }

    /** A value given twice is one point of the scan. */
    private static <T> List<T> distinct(List<T> values) {
        return List.copyOf(new LinkedHashSet<>(values));
    }

    static final class InFlightLimitConverter implements CommandLine.ITypeConverter<InFlightLimit> {
        @Override
        public InFlightLimit convert(String value) {
            try {
                return InFlightLimit.parse(value);
            } catch (IllegalArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        }
    }
}
