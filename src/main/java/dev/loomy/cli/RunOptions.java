package dev.loomy.cli;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

import dev.loomy.admission.InFlightLimit;
import dev.loomy.imageio.ImageWriter;
import picocli.CommandLine.Option;

/** Which strategies run, what each run does with the images, and with how many threads. */
public final class RunOptions {

    // The defaults of the options whose field says whether they were given: each in its help and its checker.
    static final String DEFAULT_OUTPUT = "out";
    static final String DEFAULT_IMAGE_FORMAT = "same";
    static final String DEFAULT_KEEP_METADATA = "all";
    // The defaults of the list options, as picocli reads them (a List field's own value shows as [virtual]).
    static final String DEFAULT_STRATEGY = "virtual";
    static final String DEFAULT_CV_THREADS = "1";
    static final String DEFAULT_MAX_IN_FLIGHT = "auto";

    @Option(names = {"-s", "--strategy"}, split = ",", paramLabel = "S", defaultValue = DEFAULT_STRATEGY,
            completionCandidates = Completions.StrategyNames.class,
            description = "loop, threads, pool, forkjoin, virtual, virtual-priority, structured (Java 25), or all (the "
                    + "first five); a comma list runs several (default: ${DEFAULT-VALUE})")
    List<String> strategies = List.of(DEFAULT_STRATEGY);

    /** Empty when not given: the folder is then {@value #DEFAULT_OUTPUT}, and {@code --no-write} has nothing to say of it. */
    @Option(names = {"-o", "--output"}, paramLabel = "DIR",
            description = "where results go; never inside or equal to an input folder; with --engine=spark, "
                    + "a URI too (default: " + DEFAULT_OUTPUT + ")")
    Optional<String> output = Optional.empty();

    @Option(names = "--no-write", description = "apply the filters but write nothing (compute-only timing)")
    boolean noWrite;

    @Option(names = "--incremental",
            description = "skip an image whose output the output folder's manifest (.loomy/manifest) records as made "
                    + "from the same input, filter, format and loomy version; every output made is recorded")
    boolean incremental;

    /** Empty when not given, as {@link #output}. */
    @Option(names = "--image-format", paramLabel = "F", completionCandidates = Completions.ImageFormatNames.class,
            description = "same (the input's format), png, jpg or webp: the format of written images (default: "
                    + DEFAULT_IMAGE_FORMAT + ")")
    Optional<String> imageFormat = Optional.empty();

    /** Empty when not given. */
    @Option(names = "--quality", paramLabel = "1..100", converter = QualityConverter.class,
            description = "the quality of written JPEG and WebP images, 1 to 100 (default: "
                    + ImageWriter.DEFAULT_QUALITY + ", OpenCV's)")
    Optional<Integer> quality = Optional.empty();

    /** Empty when not given. */
    @Option(names = "--keep-metadata", paramLabel = "WHAT",
            description = "all, none, icc or exif: the EXIF, ICC profile and XMP of a JPEG or PNG that its output keeps "
                    + "when written in the same format; an EXIF orientation is reset to 1, the pixels being turned upright "
                    + "(default: " + DEFAULT_KEEP_METADATA + ")")
    Optional<String> keepMetadata = Optional.empty();

    /** Null when not given: the available processors. */
    @Option(names = "--parallelism", paramLabel = "N", split = ",",
            description = "pool size, ForkJoin parallelism and virtual-thread carriers, 1 to 4096 "
                    + "(default: the available processors); a comma list scans them, rows per value")
    List<Integer> parallelism;

    @Option(names = "--cv-threads", paramLabel = "N", split = ",", defaultValue = DEFAULT_CV_THREADS,
            description = "OpenCV's own worker threads inside one filter call; 1 lets the strategy alone "
                    + "decide the parallelism; at most 4096 (default: ${DEFAULT-VALUE}); a comma list scans them")
    List<Integer> cvThreads = List.of(Integer.valueOf(DEFAULT_CV_THREADS));

    @Option(names = "--io-latency", paramLabel = "DURATION", split = ",", converter = DurationConverter.class,
            description = "a blocking wait added to every image read (e.g. 20ms), modelling slow storage "
                    + "such as a network share (default: none); a comma list scans them (0,5ms,20ms)")
    List<Duration> ioLatency = List.of(Duration.ZERO);

    @Option(names = "--max-in-flight", paramLabel = "N|auto|unbounded", split = ",",
            defaultValue = DEFAULT_MAX_IN_FLIGHT, converter = InFlightLimitConverter.class,
            description = "images decoded and held in memory at once, for every strategy: a number, auto (from the "
                    + "memory available and each image's size) or unbounded (default: ${DEFAULT-VALUE}); "
                    + "a comma list scans them")
    List<InFlightLimit> maxInFlight = List.of(InFlightLimit.parse(DEFAULT_MAX_IN_FLIGHT));

    @Option(names = "--strict",
            description = "an image that is damaged but decodable (a JPEG cut short) counts as failed; by default it "
                    + "is decoded as far as its data goes, processed and written, with a warning")
    boolean strict;

    @Option(names = "--fail-fast",
            description = "the first image that fails stops the run: the images under way are cancelled, no other "
                    + "starts, and the summary says how many never started; by default a failure is one line and the "
                    + "run goes on")
    boolean failFast;

    @Option(names = "--reproducible",
            description = "OpenCV runs its baseline code (IPP and SIMD dispatch off), so that every x86-64 CPU writes "
                    + "the same bytes; slower. Images are then processed in child JVMs started with OpenCV pinned")
    boolean reproducible;
}
