package dev.loomy.opencv;

import java.util.Map;

/**
 * OpenCV pinned to its baseline code: Intel IPP off and the CPU dispatch of SSE4.1 and above
 * off, so that every x86-64 CPU computes the same bits. OpenCV reads these variables once,
 * when its native library loads, so they must be in the environment before the JVM starts
 * ({@code Core.setUseOptimized(false)} is per thread and leaves IPP's logarithm on).
 */
public final class OpenCvPinning {

    /** The environment that pins OpenCV, as {@code --reproducible} sets it. */
    public static final Map<String, String> ENVIRONMENT = Map.of(
            "OPENCV_IPP", "disabled",
            "OPENCV_CPU_DISABLE", "SSE4.1,SSE4.2,POPCNT,FP16,AVX,AVX2,FMA3,AVX512F,AVX512-SKX");

    private OpenCvPinning() {
    }

    /**
     * Whether {@code line} is one of OpenCV's own notices, printed on standard error as its
     * library loads pinned: that IPP is off, and that a feature of the list above is not on this
     * CPU anyway (the list is the same on every machine). Expected, and said in the results'
     * caption instead.
     */
    public static boolean isLoadNotice(String line) {
        return line.contains("IPP was disabled by OPENCV_IPP")
                || line.startsWith("OPENCV: Trying to disable unavailable CPU feature");
    }

    /** Whether this JVM's OpenCV runs pinned (its environment holds every pinning variable). */
    public static boolean active() {
        return activeIn(System.getenv());
    }

    /** Whether {@code environment} pins OpenCV. */
    public static boolean activeIn(Map<String, String> environment) {
        return ENVIRONMENT.entrySet().stream()
                .allMatch(e -> e.getValue().equals(environment.get(e.getKey())));
    }
}
