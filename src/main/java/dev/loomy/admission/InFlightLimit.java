package dev.loomy.admission;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageHeader;

/**
 * {@code --max-in-flight}: how many images a run decodes and holds at once, whatever its
 * strategy. {@code N} images; {@code auto}, a budget in bytes for two images per core, within
 * half the memory available, each image weighed by its estimated cost, and a cap on the Java
 * heap its bytes take; {@code unbounded}, no limit (the way to watch a batch run out of memory).
 * It travels to child JVMs as the option's own text.
 *
 * <p>Each kind gives its own admission, and {@link Images} writes out its equals and hashCode: a
 * pattern switch and a record's own methods are each linked by a bootstrap method at their first
 * use, milliseconds of every job's start-up (StartUpLinkageTest checks that a job links none).
 */
public sealed interface InFlightLimit {

    /**
     * The limits without a number: {@code auto}, a budget in bytes from the memory available and
     * each image's estimated cost; {@code unbounded}, no limit, the way to watch a batch run out of
     * memory. Constants, equal only to themselves.
     */
    enum Named implements InFlightLimit {
        AUTO {
            @Override
            public Admission admission(Filter filter, ImageHeaders headers, int parallelism, AvailableMemory memory) {
                return auto(filter, headers, parallelism, memory, ceiling(memory), heapCeiling(memory));
            }
        },
        UNBOUNDED {
            @Override
            public Admission admission(Filter filter, ImageHeaders headers, int parallelism, AvailableMemory memory) {
                return Admission.unbounded(headers, filter, ceiling(memory), heapCeiling(memory),
                        "no limit on images in flight (--max-in-flight=unbounded): memory may run out");
            }
        };

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** At most {@code images} at once. */
    record Images(int images) implements InFlightLimit {
        public Images {
            if (images < 1) {
                throw new IllegalArgumentException("at least one image must be in flight, not " + images);
            }
        }

        @Override
        public Admission admission(Filter filter, ImageHeaders headers, int parallelism, AvailableMemory memory) {
            return Admission.images(headers, filter, ceiling(memory), heapCeiling(memory), images, "at most " + images
                    + (images == 1 ? " image" : " images") + " in flight (--max-in-flight=" + images + ")");
        }

        @Override
        public String toString() {
            return Integer.toString(images);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Images limit && images == limit.images;
        }

        @Override
        public int hashCode() {
            return images;
        }
    }

    /**
     * The images in flight per core that {@code auto} aims for: one being computed while
     * another is read or written. More would not make a batch faster (the cores are busy),
     * only hold more memory: every image in flight holds its whole working set.
     */
    int PER_CORE = 2;

    /** The most of the available memory that images in flight may take together under {@code auto}. */
    double AUTO_SHARE = 0.5;

    /**
     * The most one image may need, as a share of the available memory, in every mode; beyond
     * it an image is refused rather than allowed to push the machine into swapping or the
     * kernel's out-of-memory killer. It is also the most {@code auto} takes to keep every
     * core busy. The same share of the free Java heap bounds an image's heap need, and with
     * {@code N} images in flight, theirs together.
     */
    double CEILING_SHARE = 0.8;

    static InFlightLimit auto() {
        return Named.AUTO;
    }

    /** Whether no limit is set: the way to watch a batch run out of memory. */
    default boolean isUnbounded() {
        return this == Named.UNBOUNDED;
    }

    /** The option's text: {@code auto}, {@code unbounded} or the number. */
    @JsonValue
    default String text() {
        return toString();
    }

    /** Parses {@code auto}, {@code unbounded} or a positive number. */
    @JsonCreator
    static InFlightLimit parse(String text) {
        String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("auto")) {
            return auto();
        }
        if (value.equals("unbounded")) {
            return Named.UNBOUNDED;
        }
        try {
            int n = Integer.parseInt(value);
            if (n >= 1) {
                return new Images(n);
            }
        } catch (NumberFormatException e) {
            // Falls through to the message below.
        }
        throw new IllegalArgumentException("expected a number of images (1 or more), auto or unbounded, not '"
                + text + "'");
    }

    /** The gate for {@code filter}'s runs over the images whose headers are given. */
    Admission admission(Filter filter, ImageHeaders headers, int parallelism, AvailableMemory memory);

    private static long ceiling(AvailableMemory memory) {
        return (long) (memory.physicalBytes() * CEILING_SHARE);
    }

    private static long heapCeiling(AvailableMemory memory) {
        return (long) (memory.heapBytes() * CEILING_SHARE);
    }

    private static Admission auto(Filter filter, ImageHeaders headers, int parallelism, AvailableMemory memory,
                                  long ceiling, long heapCeiling) {
        // Sized for the 90th percentile: nine images in ten get their full share of cores, smaller ones fit more,
        // and the few largest (a panorama among photos) run with fewer beside them instead of inflating it.
        List<ImageHeader> bySize = headers.all().stream()
                .sorted(Comparator.comparingLong(h -> ImageCost.of(h, filter).nativeBytes())).toList();
        ImageHeader sizing = bySize.isEmpty() ? new ImageHeader(0, 1, 1) : bySize.get(bySize.size() * 9 / 10);
        ImageCost cost = ImageCost.of(sizing, filter);
        int wanted = PER_CORE * parallelism;
        long nativeBudget = budget(memory.physicalBytes(), cost.nativeBytes(), wanted, parallelism);
        // The heap holds each image's bytes only while it is read and written, and a filter's Java arrays while it
        // runs: half of what is free is a cap against the few huge files or arrays a small -Xmx cannot hold at once,
        // not a target.
        long heapBudget = Math.max((long) (memory.heapBytes() * AUTO_SHARE), cost.heapBytes());
        long room = Math.min(nativeBudget / cost.nativeBytes(), heapBudget / cost.heapBytes());
        long fit = Math.clamp(room, 1, Math.max(1, bySize.size()));
        String why = room >= Math.min(wanted, bySize.size()) ? PER_CORE + " per core"
                : "as many as the " + (nativeBudget / cost.nativeBytes() <= heapBudget / cost.heapBytes()
                        ? "memory" : "Java heap") + " allows";
        return Admission.bytes(headers, filter, ceiling, heapCeiling, nativeBudget, heapBudget, (int) fit,
                "about " + fit + (fit == 1 ? " image" : " images") + " in flight at once (auto: " + why + "; ~" + Sizes.of(cost.nativeBytes())
                        + " per " + filter.name() + " image of " + sizing.dimensions() + ", "
                        + Sizes.of(memory.physicalBytes()) + " of memory and " + Sizes.of(memory.heapBytes())
                        + " of Java heap available)");
    }

    /**
     * How many images of {@code perImage} bytes each may be made in memory at once, rather than
     * read ({@code loomy samples}): the shares of the available memory that {@code auto} takes,
     * at most one per core.
     *
     * @throws IllegalArgumentException when one image alone needs more than the ceiling
     */
    static int madeInFlight(long perImage, int parallelism, AvailableMemory memory) {
        long ceiling = (long) (memory.physicalBytes() * CEILING_SHARE);
        if (perImage > ceiling) {
            throw new IllegalArgumentException("an image needs about " + Sizes.of(perImage) + " of memory to make, at most "
                    + Sizes.of(ceiling) + " may be used (" + Sizes.of(memory.physicalBytes()) + " available)");
        }
        long budget = budget(memory.physicalBytes(), perImage, PER_CORE * parallelism, parallelism);
        return (int) Math.clamp(budget / Math.max(1, perImage), 1, parallelism);
    }

    /**
     * Room for {@code wanted} images within a share of what is available; but room for one per
     * core when up to the ceiling allows it.
     */
    static long budget(long available, long perImage, int wanted, int parallelism) {
        long budget = Math.min(perImage * wanted, (long) (available * AUTO_SHARE));
        return Math.max(budget, Math.min(perImage * parallelism, (long) (available * CEILING_SHARE)));
    }
}
