package dev.loomy.results;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.zip.DataFormatException;

import org.HdrHistogram.ConcurrentHistogram;
import org.HdrHistogram.Histogram;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Per-image latencies (submission to completion, in nanoseconds) in an HdrHistogram: its size
 * depends on the range of the values, not on how many there are, so a run over a million
 * images keeps as little as one over ten. Percentiles are within 0.1% (three significant
 * digits); the largest value is kept exactly. In JSON, HdrHistogram's compressed encoding in
 * base64.
 */
public final class Latencies {

    /** Significant decimal digits kept: percentiles within 0.1%. */
    static final int DIGITS = 3;

    public static final Latencies NONE = new Latencies(new Histogram(DIGITS), 0);

    private final Histogram histogram;
    private final long max;

    private Latencies(Histogram histogram, long max) {
        this.histogram = histogram;
        this.max = max;
    }

    /** The range a recorder covers from the start: latencies up to 10 s, in nanoseconds. */
    private static final long PRESIZED = 10_000_000_000L;

    /**
     * A histogram that many threads may record into at once, for one run. Sized for 10 s from the
     * start, and grown beyond: grown from nothing, it was copied at each doubling of the latencies
     * seen, 20-30 ms of a 200-image run's CPU.
     */
    public static ConcurrentHistogram recorder() {
        ConcurrentHistogram histogram = new ConcurrentHistogram(1, PRESIZED, DIGITS);
        histogram.setAutoResize(true);
        return histogram;
    }

    /**
     * What {@code recorder} holds now, whose exact largest value is {@code max}: in a histogram as
     * large as its values need (a run's results keep it; the recorder's 10 s would be 400 KB a run).
     */
    public static Latencies of(Histogram recorder, long max) {
        Histogram kept = new Histogram(DIGITS);
        kept.add(recorder);
        return new Latencies(kept, max);
    }

    /** The latencies of {@code nanos}. */
    public static Latencies of(long... nanos) {
        Histogram histogram = new Histogram(DIGITS);
        long max = 0;
        for (long value : nanos) {
            histogram.recordValue(Math.max(0, value));
            max = Math.max(max, value);
        }
        return new Latencies(histogram, max);
    }

    /** Every run's latencies together. */
    public static Latencies merged(Collection<Latencies> all) {
        Histogram sum = new Histogram(DIGITS);
        long max = 0;
        for (Latencies one : all) {
            sum.add(one.histogram);
            max = Math.max(max, one.max);
        }
        return new Latencies(sum, max);
    }

    public long count() {
        return histogram.getTotalCount();
    }

    /** The {@code p}-th percentile in nanoseconds, as HdrHistogram gives it (never above the largest value). */
    public long percentile(double p) {
        return Math.min(histogram.getValueAtPercentile(p), max);
    }

    /** The largest latency, exactly. */
    public long max() {
        return max;
    }

    @JsonValue
    String encoded() {
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        ByteBuffer withMax = ByteBuffer.allocate(Long.BYTES + length).putLong(max).put(buffer.array(), 0, length);
        return Base64.getEncoder().encodeToString(withMax.array());
    }

    @JsonCreator
    static Latencies decode(String encoded) {
        try {
            byte[] bytes = Base64.getDecoder().decode(encoded);
            long max = ByteBuffer.wrap(bytes).getLong();
            // A buffer of its own: HdrHistogram reads a buffer's array from its start.
            ByteBuffer histogram = ByteBuffer.wrap(Arrays.copyOfRange(bytes, Long.BYTES, bytes.length));
            return new Latencies(Histogram.decodeFromCompressedByteBuffer(histogram, 0), max);
        } catch (DataFormatException | RuntimeException e) {
            throw new IllegalArgumentException("not an encoded latency histogram: " + e.getMessage(), e);
        }
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Latencies that && max == that.max && histogram.equals(that.histogram);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(max) * 31 + Long.hashCode(histogram.getTotalCount());
    }

    @Override
    public String toString() {
        return "Latencies[count=" + count() + ", max=" + max + "]";
    }
}
