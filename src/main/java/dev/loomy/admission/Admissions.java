package dev.loomy.admission;

import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Supplier;

import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;

/**
 * Each filter's admission gate for one batch, made when a run first needs it: the first images'
 * headers are read once ({@link ImageHeaders}), the limit is said once per filter. A JVM that measures nothing
 * itself (a forking parent) reads no header.
 */
public final class Admissions {

    private final InFlightLimit limit;
    private final Supplier<Iterator<ImageFile>> images;
    private final int parallelism;
    private final BooleanSupplier stop;
    private final Consumer<String> notes;
    private final Map<Filter, Admission> made = new HashMap<>();
    private ImageHeaders headers;
    private AvailableMemory memory;

    /**
     * @param stop  whether to stop reading headers (an interrupt)
     * @param notes receives the line that says each filter's limit
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

    public synchronized Admission of(Filter filter) {
        if (limit == null) {
            return Admission.none();
        }
        return made.computeIfAbsent(filter, f -> {
            if (headers == null) {
                // Read first: the probe's own garbage, not yet collected, would count as heap in use.
                memory = AvailableMemory.now();
                headers = ImageHeaders.probe(images.get(), stop);
            }
            Admission admission = limit.admission(f, headers, parallelism, memory);
            notes.accept(admission.description());
            return admission;
        });
    }
}
