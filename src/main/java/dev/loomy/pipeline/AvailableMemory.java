package dev.loomy.pipeline;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The memory a run can plan with, read when it starts.
 *
 * @param physicalBytes physical memory free for native allocations
 * @param heapBytes     Java heap not yet in use, up to its maximum ({@code -Xmx})
 */
public record AvailableMemory(long physicalBytes, long heapBytes) {

    public static AvailableMemory now() {
        Runtime runtime = Runtime.getRuntime();
        return new AvailableMemory(physical(), runtime.maxMemory() - (runtime.totalMemory() - runtime.freeMemory()));
    }

    /**
     * The JDK's free physical memory: the kernel's MemFree, or a container's limit minus its
     * usage. MemFree leaves out the page cache, which the kernel hands back on demand and
     * which a batch of images fills; so outside a container (the JDK's total equals the
     * kernel's) Linux's MemAvailable, which counts it, is taken instead.
     */
    private static long physical() {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)) {
            return Runtime.getRuntime().maxMemory();
        }
        long free = os.getFreeMemorySize();
        long kernelTotal = meminfo("MemTotal:");
        long available = meminfo("MemAvailable:");
        return kernelTotal == os.getTotalMemorySize() && available > free ? available : free;
    }

    /** A /proc/meminfo figure in bytes, or -1 where there is none. */
    private static long meminfo(String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                if (line.startsWith(key)) {
                    return Long.parseLong(line.substring(key.length()).trim().split("\\s+")[0]) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: the JDK's figure stands.
        }
        return -1;
    }
}
