package dev.loomy.measure;

/**
 * The most a run held at once. A value below zero means "not available" on this platform.
 *
 * @param threads  live platform threads (the JVM's own included)
 * @param heapBytes Java heap in use
 * @param rssBytes  resident memory of the whole process, native memory included
 */
public record ResourcePeaks(int threads, long heapBytes, long rssBytes) {

    public static final ResourcePeaks UNKNOWN = new ResourcePeaks(-1, -1, -1);

    public ResourcePeaks max(ResourcePeaks other) {
        return new ResourcePeaks(Math.max(threads, other.threads), Math.max(heapBytes, other.heapBytes),
                Math.max(rssBytes, other.rssBytes));
    }
}
