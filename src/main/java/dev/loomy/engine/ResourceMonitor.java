package dev.loomy.engine;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import dev.loomy.imageio.OneWriter;
import dev.loomy.results.ResourcePeaks;

/**
 * Reads the peaks of a run: platform threads (ThreadMXBean), Java heap (memory pools) and
 * resident memory (Linux's {@code VmHWM}). {@link #reset} starts a new window for all three.
 */
public final class ResourceMonitor {

    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final List<MemoryPoolMXBean> heapPools = ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(p -> p.getType() == MemoryType.HEAP).toList();
    private boolean rssWindowed;

    /** Starts a new measuring window. */
    public void reset() {
        threads.resetPeakThreadCount();
        heapPools.forEach(MemoryPoolMXBean::resetPeakUsage);
        rssWindowed = resetPeakRss();
    }

    /**
     * The peaks since {@link #reset}. The resident peak is the process's since its start when
     * the kernel does not let it be reset; {@link ResourcePeaks#rssWindowed} says which.
     */
    public ResourcePeaks peaks() {
        long heap = heapPools.stream().mapToLong(p -> p.getPeakUsage().getUsed()).sum();
        long rss = peakRss();
        return new ResourcePeaks(threads.getPeakThreadCount(), heap, rss, rssWindowed && rss >= 0);
    }

    /** Writing 5 to clear_refs resets VmHWM to the current resident size (Linux 4.0+). */
    private static boolean resetPeakRss() {
        try {
            OneWriter.setKernelSetting(CLEAR_REFS, "5");
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    /** VmHWM in bytes, or -1 where there is no /proc (macOS, Windows). */
    static long peakRss() {
        return statusBytes("VmHWM:");
    }

    /** VmRSS in bytes, or -1 where there is no /proc. */
    static long currentRss() {
        return statusBytes("VmRSS:");
    }

    /** A "kB" line of /proc/self/status in bytes, or -1. */
    private static long statusBytes(String key) {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(key)) {
                    String[] parts = line.substring(key.length()).trim().split("\\s+");
                    return Long.parseLong(parts[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            return -1;
        }
        return -1;
    }
}
