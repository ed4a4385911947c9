package dev.loomy.admission;

import java.nio.file.Path;
import java.util.concurrent.Semaphore;

import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageHeader;
import dev.loomy.opencv.DecodeLimits;

/**
 * The gate every image passes before it is read: it refuses an image that could never fit
 * (too large for OpenCV, for the memory there is, or for the Java heap), and it holds the image
 * back until the images already in flight leave room for it. It changes nothing about which thread runs an
 * image: a strategy's threads simply wait here.
 *
 * <p>Room is counted in images ({@code --max-in-flight=N}), or in bytes ({@code auto}): one
 * budget for native memory and one for the Java heap, each image taking its estimated
 * {@link ImageCost}, so that one huge image takes a large share and many small ones fit
 * together. Both are fair: an image that needs much room is not overtaken for ever by
 * small ones. With {@code --max-in-flight=N} the heap is budgeted too: native memory is the
 * user's to spend, but a heap overrun ends the whole run, not one image.
 */
public final class Admission {

    /** The room an admitted image holds; closing it gives the room back. */
    public interface Permit extends AutoCloseable {
        @Override
        void close();
    }

    private static final Permit NOTHING = () -> { };

    private final ImageHeaders headers;
    private final Filter filter;
    private final long ceiling;
    private final long heapCeiling;
    private final Semaphore images;
    private final ByteBudget nativeBudget;
    private final ByteBudget heapBudget;
    private final String description;
    private final int about;

    private Admission(ImageHeaders headers, Filter filter, long ceiling, long heapCeiling, Semaphore images,
                      ByteBudget nativeBudget, ByteBudget heapBudget, String description, int about) {
        this.headers = headers;
        this.filter = filter;
        this.ceiling = ceiling;
        this.heapCeiling = heapCeiling;
        this.images = images;
        this.nativeBudget = nativeBudget;
        this.heapBudget = heapBudget;
        this.description = description;
        this.about = about;
    }

    /**
     * No limit on images in flight; an image too large for OpenCV, for {@code ceiling} bytes of
     * native memory or for {@code heapCeiling} bytes of Java heap is still refused.
     */
    static Admission unbounded(ImageHeaders headers, Filter filter, long ceiling, long heapCeiling, String description) {
        return new Admission(headers, filter, ceiling, heapCeiling, null, null, null, description, 0);
    }

    /** At most {@code count} images in flight, and together at most {@code heapCeiling} bytes of Java heap. */
    static Admission images(ImageHeaders headers, Filter filter, long ceiling, long heapCeiling, int count,
                            String description) {
        return new Admission(headers, filter, ceiling, heapCeiling, new Semaphore(count, true), null,
                new ByteBudget(heapCeiling), description, count);
    }

    /** Images in flight within a native and a heap budget, in bytes: about {@code about} of them, as the budget was sized. */
    static Admission bytes(ImageHeaders headers, Filter filter, long ceiling, long heapCeiling, long nativeBytes,
                           long heapBytes, int about, String description) {
        return new Admission(headers, filter, ceiling, heapCeiling, null, new ByteBudget(nativeBytes),
                new ByteBudget(heapBytes), description, about);
    }

    /** No gate at all, no estimate: for images processed one at a time (tests, tools). */
    public static Admission none() {
        return new Admission(null, null, Long.MAX_VALUE, Long.MAX_VALUE, null, null, null, "no limit", 0);
    }

    /** One line for the user: the limit chosen and why. */
    public String description() {
        return description;
    }

    /** About how many images may be in flight at once; 0 when there is no limit. */
    int about() {
        return about;
    }

    /**
     * Waits until {@code file} may be read, and returns the room it holds until closed.
     *
     * @throws ImageException when the image can never be admitted
     */
    public Permit admit(Path file) throws ImageException, InterruptedException {
        if (headers == null) {
            return NOTHING;
        }
        ImageHeader header = headers.of(file);
        checkDecodable(file, header);
        ImageCost cost = ImageCost.of(header, filter);
        if (cost.nativeBytes() > ceiling) {
            throw new ImageException(file, "too large for the memory available: a " + header.dimensions()
                    + " image needs about " + Sizes.of(cost.nativeBytes()) + " with " + filter.name()
                    + ", at most " + Sizes.of(ceiling) + " may be used");
        }
        if (cost.heapBytes() > heapCeiling) {
            throw new ImageException(file, "too large for the Java heap: a " + header.dimensions()
                    + " image needs about " + Sizes.of(cost.heapBytes()) + " of it with " + filter.name()
                    + ", at most " + Sizes.of(heapCeiling) + " may be used (-Xmx)");
        }
        if (images == null && nativeBudget == null && heapBudget == null) {
            return NOTHING;
        }
        // Taken in one order (images, native, heap) and each given back if a later one is not: no two images
        // can each hold what the other waits for.
        if (images != null) {
            images.acquire();
        }
        int nativeUnits = 0;
        int heapUnits = 0;
        try {
            nativeUnits = nativeBudget == null ? 0 : nativeBudget.acquire(cost.nativeBytes());
            heapUnits = heapBudget == null ? 0 : heapBudget.acquire(cost.heapBytes());
            int nativeTaken = nativeUnits;
            int heapTaken = heapUnits;
            return () -> {
                release(heapBudget, heapTaken);
                release(nativeBudget, nativeTaken);
                if (images != null) {
                    images.release();
                }
            };
        } catch (Throwable e) {
            // An Error too (out of memory making the waiter or the permit): what was taken is given
            // back, or the next trials of this filter would wait for it for ever.
            release(heapBudget, heapUnits);
            release(nativeBudget, nativeUnits);
            if (images != null) {
                images.release();
            }
            throw e;
        }
    }

    /**
     * Refuses {@code file} when its {@code header} announces an image larger than loomy decodes
     * ({@link DecodeLimits}): for every reader of a user's image, before the decoder sees it, so
     * that the reason is loomy's one line and not the decoder's own messages on standard error.
     */
    public static void checkDecodable(Path file, ImageHeader header) throws ImageException {
        if (header.sizeKnown()) {
            String refusal = DecodeLimits.refusal(header.width(), header.height());
            if (refusal != null) {
                throw new ImageException(file, refusal);
            }
        }
    }

    private static void release(ByteBudget budget, int units) {
        if (budget != null && units > 0) {
            budget.release(units);
        }
    }

    /** A fair semaphore over bytes, counted in KiB; a request larger than the whole budget takes all of it. */
    private static final class ByteBudget {

        private static final long UNIT = 1024;

        private final Semaphore units;
        private final int capacity;

        ByteBudget(long bytes) {
            this.capacity = Math.clamp(bytes / UNIT, 1, Integer.MAX_VALUE);
            this.units = new Semaphore(capacity, true);
        }

        int acquire(long bytes) throws InterruptedException {
            int wanted = Math.clamp((bytes + UNIT - 1) / UNIT, 1, capacity);
            units.acquire(wanted);
            return wanted;
        }

        void release(int taken) {
            units.release(taken);
        }
    }
}
