package dev.loomy.tune;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;

import dev.loomy.admission.Admission;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.pipeline.Cancellation;
import dev.loomy.pipeline.ImagePaths;
import dev.loomy.pipeline.ImagePipeline;

/**
 * Makes previews: one image through one filter by the main command's own pipeline (admission,
 * reader, filter, encoder), into memory. At most {@code runs} at once; a request waiting for its
 * turn, or under way, gives up as soon as a newer request of its client supersedes it, or
 * tune stops.
 */
final class Previews {

    /** How often a request waiting for its turn looks whether it is still wanted. */
    private static final long POLL_MILLIS = 5;

    /**
     * A preview made, which its receiver closes once it is sent: its bytes are native memory.
     *
     * @param encoded     holds the encoded image
     * @param filterNanos how long the filter took, alone
     * @param warnings    what is wrong with an image that is damaged but decoded all the same
     */
    record Preview(PreviewWriter encoded, long filterNanos, List<String> warnings) implements AutoCloseable {

        /** The PNG, valid until {@link #close}. */
        ByteBuffer png() {
            return encoded.bytes();
        }

        @Override
        public void close() {
            encoded.close();
        }
    }

    private final ImageReader reader;
    private final Admission admission;
    private final Semaphore runs;
    private final Cancellation stop;
    private final LongAdder filterRuns = new LongAdder();
    private final AtomicInteger underWay = new AtomicInteger();
    private final AtomicInteger peak = new AtomicInteger();

    /**
     * @param admission the one gate for every preview's image, as the main command's for its filter
     * @param runs      the most previews under way at once
     * @param stop      says when tune stops
     */
    Previews(ImageReader reader, Admission admission, int runs, Cancellation stop) {
        this.reader = reader;
        this.admission = admission;
        this.runs = new Semaphore(runs, true);
        this.stop = stop;
    }

    /** How many filter runs have started: fewer than the requests when supersession spared some. */
    long filterRuns() {
        return filterRuns.sum();
    }

    /** The most previews that were ever under way at once. */
    int peak() {
        return peak.get();
    }

    /**
     * {@code image} through {@code filter}, encoded as PNG, scaled down to {@code width} unless 0;
     * null when the request was superseded or tune stops before it was done.
     */
    Preview render(ImageFile image, Filter filter, int width, Supersession.Ticket ticket)
            throws ImageException, InterruptedException {
        Cancellation cancel = new Cancellation() {
            @Override
            public boolean skipNew() {
                return ticket.superseded() || stop.skipNew();
            }

            @Override
            public boolean abandonStarted() {
                return ticket.superseded() || stop.abandonStarted();
            }
        };
        while (!runs.tryAcquire(POLL_MILLIS, TimeUnit.MILLISECONDS)) {
            if (cancel.skipNew()) {
                return null;
            }
        }
        peak.accumulateAndGet(underWay.incrementAndGet(), Math::max);
        try {
            TimedFilter timed = new TimedFilter(filter, filterRuns);
            PreviewWriter writer = new PreviewWriter(width);
            boolean kept = false;
            try {
                List<String> warnings = new CopyOnWriteArrayList<>();
                boolean done = new ImagePipeline(reader, timed, writer, admission)
                        .process(new ImagePaths(image, PreviewWriter.TARGET), cancel, warnings::add);
                kept = done && writer.bytes() != null;
                return kept ? new Preview(writer, timed.nanos(), List.copyOf(warnings)) : null;
            } finally {
                if (!kept) {
                    writer.close();
                }
            }
        } finally {
            underWay.decrementAndGet();
            runs.release();
        }
    }
}
