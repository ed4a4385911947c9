package dev.loomy.run;

import java.nio.file.Path;
import java.util.Set;

import dev.loomy.profile.ProfileKind;

/**
 * How each pair's counted runs are taken beyond their number: whether their count is automatic
 * ({@code --repeat=auto}: the plan's repeat count is then unused), and what is profiled meanwhile.
 *
 * @param jfrFolder where {@code --profile=jfr} writes a recording per pair; null without it
 */
public record MeasureSettings(boolean autoRepeat, Set<ProfileKind> profiles, Path jfrFolder) {

    public static final MeasureSettings DEFAULT = new MeasureSettings(false, Set.of(), null);

    public MeasureSettings {
        profiles = Set.copyOf(profiles);
    }

    /** These settings with the JFR recordings in {@code folder} under the usual one (a scan's point has its own). */
    public MeasureSettings inFolder(String folder) {
        return jfrFolder == null ? this : new MeasureSettings(autoRepeat, profiles, jfrFolder.resolve(folder));
    }

    /** The JFR recording of one pair: {@code strategy-filter.jfr}, the filter's name made safe for a file name. */
    public Path jfrFile(Trial trial) {
        return jfrFolder == null ? null
                : jfrFolder.resolve(trial.strategyName() + "-" + trial.filter().replaceAll("[^A-Za-z0-9._-]", "_") + ".jfr");
    }
}
