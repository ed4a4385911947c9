package dev.loomy.results;

/**
 * The most a run held at once. A value below zero means "not available" on this platform.
 *
 * @param threads     live platform threads (the JVM's own included)
 * @param heapBytes   Java heap in use (garbage not yet collected included): the sum of each heap pool's peak
 * @param rssBytes    resident memory of the whole process, native memory included
 * @param rssWindowed whether {@code rssBytes} covers this run alone; false when the kernel's high-water
 *                    mark could not be reset, so that it covers the JVM's life up to the run's end
 */
public record ResourcePeaks(int threads, long heapBytes, long rssBytes, boolean rssWindowed) {

    public static final ResourcePeaks UNKNOWN = new ResourcePeaks(-1, -1, -1, false);

    public ResourcePeaks max(ResourcePeaks other) {
        return new ResourcePeaks(Math.max(threads, other.threads), Math.max(heapBytes, other.heapBytes),
                Math.max(rssBytes, other.rssBytes), rssWindowed && other.rssWindowed);
    }
}
