package dev.loomy.measure;

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

    /** The JFR recording of one pair: {@code strategy-filter.jfr}, the filter's name made safe for a file name. */
    Path jfrFile(Pair pair) {
        return jfrFolder == null ? null
                : jfrFolder.resolve(pair.strategy().name() + "-" + pair.filter().name().replaceAll("[^A-Za-z0-9._-]", "_")
                        + ".jfr");
    }
}
