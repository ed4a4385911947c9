package dev.loomy.results;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** What the numbers were measured on. */
public record MachineInfo(int cores, long memoryBytes, String jdk, String os, String cpu) {

    public static MachineInfo current() {
        long memory = -1;
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            memory = os.getTotalMemorySize();
        }
        return new MachineInfo(Runtime.getRuntime().availableProcessors(), memory,
                System.getProperty("java.vendor") + " " + Runtime.version(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " (" + System.getProperty("os.arch") + ")",
                cpuModel());
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
        } catch (IOException | RuntimeException e) {
            // Not Linux: the CPU model stays unknown.
        }
        return "unknown";
    }
}
