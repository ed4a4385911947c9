package dev.loomy.admission;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

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
     * Physical memory free now: the JDK's figure, the kernel's MemFree or a container's limit
     * minus its usage. MemFree leaves out the page cache, which the kernel hands back on
     * demand and which a batch of images fills; so outside a container (the JDK's total
     * equals the kernel's) Linux's MemAvailable, which counts it, is taken instead.
     */
    private static long physical() {
        if (!(ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os)) {
            return Runtime.getRuntime().maxMemory();
        }
        long free = os.getFreeMemorySize();
        Map<String, Long> meminfo = meminfo();
        long available = meminfo.getOrDefault("MemAvailable", -1L);
        return meminfo.getOrDefault("MemTotal", -1L) == os.getTotalMemorySize() && available > free ? available : free;
    }

    /** /proc/meminfo's figures in bytes, none where there is no such file. */
    private static Map<String, Long> meminfo() {
        Map<String, Long> figures = new HashMap<>();
        try {
            for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
                String[] parts = line.split(":?\\s+");
                if (parts.length >= 2) {
                    figures.put(parts[0], Long.parseLong(parts[1]) * (parts.length > 2 ? 1024 : 1));
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: the JDK's figures stand.
        }
        return figures;
    }
}
