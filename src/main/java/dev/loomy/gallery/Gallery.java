package dev.loomy.gallery;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import dev.loomy.files.ImageFile;
import dev.loomy.files.InputGuard;
import dev.loomy.files.InputProblem;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.files.Targets;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Chain;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.OneWriter;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.MachineInfo;
import dev.loomy.results.Measurement;
import dev.loomy.results.RunRecord;

/**
 * A gallery folder: {@code index.html}, a copy of each original under {@code original/},
 * and thumbnails under {@code thumbs/N/}, one folder per column (the original's is 0), each named
 * by its row ({@code 0.jpg}), so that no filter name, whatever it holds, becomes part of a path. The full-size filtered images are
 * the run's own outputs, wherever its {@link OutputLayout} put them.
 */
public final class Gallery {

    public static final String PAGE = "index.html";

    /**
     * A filter's column: its name as the run measured it, and its parameters ({@code red=20}), or a
     * chain's steps, each as shown.
     */
    public record Shown(String filter, List<String> parameters) {

        public Shown {
            parameters = List.copyOf(parameters);
        }

        /** {@code filter}'s column: each parameter as {@code name=value}; a chain's steps in one, {@code A -> B}. */
        public static Shown of(Filter filter) {
            if (filter instanceof Chain chain) {
                return new Shown(chain.name(), List.of(String.join(" -> ", chain.steps().stream().map(Filter::name)
                        .toList())));
            }
            List<String> parameters = new ArrayList<>();
            filter.parameters().forEach((name, value) -> parameters.add(name + "=" + value));
            filter.flags().forEach((name, value) -> parameters.add(name + "=" + value));
            return new Shown(filter.name(), parameters);
        }
    }

    private final Path folder;
    private final OneWriter temps;
    private final Thumbnails thumbnails;
    private final Consumer<String> problems;

    /** @param problems receives one line per image that could not be shown, naming it and why */
    public Gallery(Path folder, OneWriter temps, Thumbnails thumbnails, Consumer<String> problems) {
        this.folder = folder;
        this.temps = temps;
        this.thumbnails = thumbnails;
        this.problems = problems;
    }

    /** Refuses, before any work, a gallery file that would land in an input folder or on an input. */
    public void check(List<ImageFile> images, int filters, InputGuard guard) throws InputProblem {
        checkTarget(guard, "gallery page ", folder.resolve(PAGE));
        for (int index = 0; index < images.size(); index++) {
            checkTarget(guard, "gallery copy ", original(images.get(index)));
            for (int column = 0; column <= filters; column++) {
                checkTarget(guard, "thumbnail ", thumb(column, index));
            }
        }
    }

    /** Refuses {@code file} where it would land among the inputs, or take the place of anything but a regular file of one name. */
    private static void checkTarget(InputGuard guard, String what, Path file) throws InputProblem {
        guard.check(what + Names.shown(file), file);
        String problem = Targets.problem(file);
        if (problem != null) {
            throw new InputProblem(what + Names.shown(file) + ": " + problem + ": " + Targets.ONLY_REGULAR);
        }
    }

    /**
     * Writes the thumbnails, the copies of the originals and the page, {@code parallelism}
     * images at a time.
     *
     * @return how many images could not be shown (each already told to the problems consumer)
     */
    public int write(Page page, int parallelism) throws IOException, InterruptedException {
        AtomicInteger failed = new AtomicInteger();
        List<GalleryPage.Row> rows = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, parallelism))) {
            List<Future<GalleryPage.Row>> futures = new ArrayList<>();
            for (int i = 0; i < page.images().size(); i++) {
                int index = i;
                futures.add(pool.submit(() -> row(page, index, failed)));
            }
            try {
                for (Future<GalleryPage.Row> future : futures) {
                    rows.add(future.get());
                }
            } catch (ExecutionException e) {
                throw new IllegalStateException("a gallery row failed", e.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        List<GalleryPage.Column> columns = new ArrayList<>();
        columns.add(new GalleryPage.Column(List.of("Original"), List.of(), ""));
        List<List<GalleryPage.Parameter>> parameters = Heads.parameters(page.shown());
        for (int i = 0; i < page.shown().size(); i++) {
            columns.add(new GalleryPage.Column(Heads.filterName(page.shown().get(i).filter()), parameters.get(i),
                    timeText(page.measurements().get(i))));
        }
        String html = GalleryPage.render(new GalleryPage.Page("loomy gallery: " + page.caption(), page.caption(),
                page.timing(), columns, rows, GalleryPage.MARGIN + GalleryPage.COLUMN_WIDTH * columns.size()));
        temps.replace(folder.resolve(PAGE), html.getBytes(StandardCharsets.UTF_8));
        return failed.get();
    }

    /**
     * What the page shows: the run's images, layout and measurements.
     *
     * @param strategy     the strategy the run measured, to find its outputs
     * @param measurements one per filter of {@code shown}, in the same order; null where there is none
     */
    public record Page(List<ImageFile> images, List<Shown> shown, List<Measurement> measurements, OutputLayout layout,
                       String strategy, String caption, String timing) {
    }

    private GalleryPage.Row row(Page page, int index, AtomicInteger failed) {
        ImageFile image = page.images().get(index);
        List<GalleryPage.Cell> cells = new ArrayList<>();
        Path copy = original(image);
        // An input the run could not read was named by the run already: once is enough.
        boolean told = page.measurements().stream().anyMatch(m -> status(m, index) == ImageTiming.Status.FAILED);
        GalleryPage.Cell first = cell(image.path(), thumb(0, index), copy, "original of " + Names.shown(image.relative()),
                failed, !told);
        if (!first.thumb().isEmpty()) {
            try {
                temps.replace(copy, out -> Files.copy(image.path(), out));
            } catch (IOException e) {
                failed.incrementAndGet();
                problems.accept(Names.shown(image.path()) + ": cannot be copied to " + Names.shown(copy) + ": " + IoReasons.of(e));
                first = missing("cannot be copied: " + IoReasons.of(e));
            }
        }
        cells.add(first);
        for (int i = 0; i < page.shown().size(); i++) {
            String filter = page.shown().get(i).filter();
            if (!done(page.measurements().get(i), index)) {
                // The run said why, in its own line: the cell says only that there is nothing to show.
                cells.add(missing("not done: the reason is on standard error"));
                continue;
            }
            Path output = page.layout().outputFor(image, filter, page.strategy());
            cells.add(cell(output, thumb(i + 1, index), output, filter + " of " + Names.shown(image.relative()), failed,
                    true).timed(cellTime(timing(page.measurements().get(i), index))));
        }
        return new GalleryPage.Row(Heads.fileName(Names.shown(image.relative())), cells);
    }

    private GalleryPage.Cell cell(Path source, Path thumb, Path full, String alt, AtomicInteger failed, boolean tell) {
        try {
            Thumbnails.Dimensions size = thumbnails.write(source, thumb);
            return new GalleryPage.Cell(GalleryPage.url(folder, full), GalleryPage.url(folder, thumb), size.width(),
                    size.height(), alt, "", "");
        } catch (ImageException e) {
            failed.incrementAndGet();
            if (tell) {
                problems.accept(e.getMessage());
            }
            return missing(e.reason());
        }
    }

    private static GalleryPage.Cell missing(String reason) {
        return new GalleryPage.Cell("", "", 0, 0, "", reason, "");
    }

    /** Whether the counted run the results report on did {@code index}; not so when it failed, was skipped or crashed. */
    private static boolean done(Measurement measurement, int index) {
        ImageTiming.Status status = status(measurement, index);
        return status == ImageTiming.Status.DONE || status == ImageTiming.Status.WARNED;
    }

    /** How {@code index} ended in the counted run the results report on, or null when no run got to it. */
    private static ImageTiming.Status status(Measurement measurement, int index) {
        ImageTiming timing = timing(measurement, index);
        return timing == null ? null : timing.status();
    }

    /** {@code index}'s times in the counted run the results report on, or null when no run got to it. */
    private static ImageTiming timing(Measurement measurement, int index) {
        RunRecord run = measurement == null ? null : measurement.medianRun();
        if (run == null) {
            return null;
        }
        return run.timeline().points().stream().filter(t -> t.index() == index).findFirst().orElse(null);
    }

    /**
     * The median service time of one image: read, filter, write, from when a thread started on it to
     * its end, never the time it waited for a thread, which grows with the images handed over
     * before it. The median, not the mean, so that the first image's JIT compilation does not count
     * (from three images on).
     */
    static String timeText(Measurement measurement) {
        RunRecord run = measurement == null ? null : measurement.medianRun();
        if (run == null) {
            return "";
        }
        long[] nanos = run.timeline().points().stream()
                .filter(t -> t.status() == ImageTiming.Status.DONE || t.status() == ImageTiming.Status.WARNED)
                .mapToLong(ImageTiming::serviceNanos).sorted().toArray();
        if (nanos.length == 0) {
            return "";
        }
        double median = nanos.length % 2 == 1 ? nanos[nanos.length / 2]
                : (nanos[nanos.length / 2 - 1] + nanos[nanos.length / 2]) / 2.0;
        return millis(median) + " / image";
    }

    /** One image's service time in a cell's title, as the head shows the median's. */
    static String cellTime(ImageTiming timing) {
        return timing == null ? "" : millis(timing.serviceNanos()) + " to read, filter and write";
    }

    private static String millis(double nanos) {
        return String.format(Locale.ROOT, nanos >= 10e6 ? "%.0f ms" : "%.1f ms", nanos / 1e6);
    }

    /**
     * What the times in the heads mean, for the page's foot: each is one image's service time while
     * others ran beside it, not its wait for a thread, nor a column's share of the run, nor its filter's
     * first use (the warm-up took that).
     *
     * @param strategy    the strategy the run used
     * @param parallelism how many images it ran at a time
     * @param cvThreads   OpenCV's threads for each
     */
    public static String timing(String strategy, int parallelism, int cvThreads, MachineInfo machine) {
        String together = parallelism == 1 ? "one image at a time"
                : parallelism + " images at a time on " + parallelism + " threads";
        String column = parallelism == 1 ? "" : "; a column took about its time \u00d7 the images \u00f7 " + parallelism;
        return "Time: the median, over the images, of one image's service time (its read, filter and write, from "
                + "when a thread started on it to its end; not the time it waited for a thread), " + together + " ("
                + strategy + " strategy, one run, OpenCV on " + cvThreads + " thread" + (cvThreads == 1 ? "" : "s")
                + (parallelism == 1 ? "" : " each") + ")" + column + ". Measured on " + machine.cores() + " cores, "
                + machine.cpu() + ", " + machine.jdk() + ", after a warm-up that was not timed: NoOp over the first "
                + "images, then each filter over a few of them, so that no column's time is its filter's first use. A "
                + "thumbnail's title says its image's time; click it for the full-size image.";
    }

    Path original(ImageFile image) {
        return folder.resolve("original").resolve(image.relative());
    }

    /**
     * The thumbnail of row {@code index} in {@code column}, named by the row's number: a name made by
     * appending ".jpg" to the image's would go through text, where names that are not UTF-8 become
     * one, and could pass the file system's 255 bytes.
     */
    Path thumb(int column, int index) {
        return folder.resolve("thumbs").resolve(Integer.toString(column)).resolve(index + ".jpg");
    }
}
