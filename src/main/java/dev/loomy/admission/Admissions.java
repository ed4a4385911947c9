package dev.loomy.admission;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IntSummaryStatistics;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;

/**
 * Each filter's admission gate for one batch, made when a run first needs it: the first images'
 * headers are read once ({@link ImageHeaders}), and the limit is said in one line for all the batch's filters (see
 * {@link #together}), else once per filter. A JVM that measures nothing itself (a forking
 * parent) reads no header.
 */
public final class Admissions {

    private final InFlightLimit limit;
    private final Supplier<Iterator<ImageFile>> images;
    private final int parallelism;
    private final BooleanSupplier stop;
    private final Consumer<String> notes;
    private final Map<Filter, Admission> made = new HashMap<>();
    private List<Filter> together = List.of();
    private Predicate<ImageFile> read = image -> true;
    private ImageHeaders headers;
    private AvailableMemory memory;
    private int upFront = ImageHeaders.MAX_READ;

    /**
     * @param stop  whether to stop reading headers (an interrupt)
     * @param notes receives the line that says the limit
     */
    public Admissions(InFlightLimit limit, List<ImageFile> images, int parallelism, BooleanSupplier stop,
                      Consumer<String> notes) {
        this(limit, images::iterator, parallelism, stop, notes);
    }

    /** @param images the run's images, walked when a gate is first made (their first headers are read then) */
    public Admissions(InFlightLimit limit, Supplier<Iterator<ImageFile>> images, int parallelism, BooleanSupplier stop,
                      Consumer<String> notes) {
        this.limit = limit;
        this.images = images;
        this.parallelism = parallelism;
        this.stop = stop;
        this.notes = notes;
    }

    /** No gate for any filter: for pipelines that process images one at a time. */
    public static Admissions none() {
        return new Admissions(null, List.of(), 1, () -> false, note -> { });
    }

    /**
     * These, with the batch's {@code filters}: when the first of them needs its gate, every one's
     * is made and the limit is said in one line for all, not a line per filter (a gallery of
     * twenty filters would print twenty).
     */
    public Admissions together(List<Filter> filters) {
        together = List.copyOf(filters);
        return this;
    }

    /**
     * These, reading no header of an image that {@code skipped} says no run will read (its outputs
     * being up to date, {@code --incremental}), beyond the first few that size the limit.
     */
    public Admissions skipping(Predicate<ImageFile> skipped) {
        read = skipped.negate();
        return this;
    }

    /**
     * These, reading only the first {@link ImageHeaders#JOB_SAMPLE} headers, which size the limit,
     * before the run; the others are read as each image is admitted. For a job, which measures
     * nothing: headers read up front keep that work out of measured runs, but a job waits for them.
     */
    public Admissions sampleOnly() {
        upFront = ImageHeaders.JOB_SAMPLE;
        return this;
    }

    public synchronized Admission of(Filter filter) {
        if (limit == null) {
            return Admission.none();
        }
        Admission known = made.get(filter);
        if (known != null) {
            return known;
        }
        if (headers == null) {
            // Read first: the probe's own garbage, not yet collected, would count as heap in use.
            memory = AvailableMemory.now();
            headers = ImageHeaders.probe(images.get(), read, stop, upFront);
        }
        List<Admission> said = new ArrayList<>();
        for (Filter one : together.contains(filter) ? together : List.of(filter)) {
            Admission admission = limit.admission(one, headers, parallelism, memory);
            made.put(one, admission);
            said.add(admission);
        }
        notes.accept(line(said));
        return made.get(filter);
    }

    /**
     * One line for {@code admissions}: their description when it is the same for all (a number of
     * images, no limit), else the range of their sizes (auto, which sizes each filter's own).
     */
    private String line(List<Admission> admissions) {
        List<String> descriptions = admissions.stream().map(Admission::description).distinct().toList();
        if (descriptions.size() == 1) {
            return descriptions.get(0);
        }
        IntSummaryStatistics about = admissions.stream().mapToInt(Admission::about).summaryStatistics();
        String count = about.getMin() == about.getMax() ? Integer.toString(about.getMin())
                : about.getMin() + " to " + about.getMax();
        return "about " + count + (about.getMax() == 1 ? " image" : " images") + " in flight at once, by filter "
                + "(auto: " + InFlightLimit.PER_CORE + " per core where the memory allows; "
                + Sizes.of(memory.physicalBytes()) + " of memory and " + Sizes.of(memory.heapBytes())
                + " of Java heap available)";
    }
}
