package dev.loomy.profile;

import java.util.List;

/**
 * What the profilers recorded over one row's counted runs. What was not profiled is empty: NaN,
 * -1, an empty list or null.
 *
 * @param allocMbPerImage heap allocated per image, in MiB (every thread's, the JVM's own included)
 * @param gcCount         garbage collections during the counted runs
 * @param gcMs            time the collectors report having spent, in milliseconds
 * @param pinnedEvents    jdk.VirtualThreadPinned events during the counted runs
 * @param pinnedSites     where they happened, most frequent first: {@code Class.method:line (count)}
 * @param jfrFile         the row's JFR recording
 */
public record Profile(double allocMbPerImage, long gcCount, double gcMs, long pinnedEvents, List<String> pinnedSites,
                      String jfrFile) {

    public static final Profile NONE = new Profile(Double.NaN, -1, Double.NaN, -1, List.of(), null);

    public Profile {
        pinnedSites = List.copyOf(pinnedSites);
    }
}
