package dev.loomy.filter;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The idle workspaces of a filter step whose large Java arrays are kept from one call to the
 * next: made afresh per call, they are alive at young collections while the images in flight use
 * them, overflow the survivor spaces and are promoted, and the serial collector grows the old
 * generation rather than collect it (docs/reliability.md has the figures).
 *
 * <p>A call takes a workspace (or makes one) and gives it back when done, so that no two calls
 * share one. At most four per processor are kept (admission lets two images a core in flight by
 * default, and {@code threads} may have them all in a filter at once: with one per processor the
 * heap still grew to 58 MB over 10,000 photos, 23 MB with four), and none larger than {@link
 * #MAX_KEPT_BYTES}, so that a rare huge image does not pin its arrays for the rest of the run.
 */
final class Workspaces<W> {

    /** The largest workspace kept: a 16-megapixel image's median arrays. */
    static final long MAX_KEPT_BYTES = 32L << 20;

    private final int limit = 4 * Runtime.getRuntime().availableProcessors();
    private final ConcurrentLinkedQueue<W> idle = new ConcurrentLinkedQueue<>();
    private final AtomicInteger kept = new AtomicInteger();

    /** An idle workspace, now the caller's alone, or null. */
    W take() {
        W workspace = idle.poll();
        if (workspace != null) {
            kept.decrementAndGet();
        }
        return workspace;
    }

    /** Keeps {@code workspace} ({@code bytes} large) for a later call, if there is room for it. */
    void giveBack(W workspace, long bytes) {
        if (bytes > MAX_KEPT_BYTES) {
            return;
        }
        if (kept.incrementAndGet() <= limit) {
            idle.offer(workspace);
        } else {
            kept.decrementAndGet();
        }
    }
}
