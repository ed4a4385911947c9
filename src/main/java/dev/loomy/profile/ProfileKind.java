package dev.loomy.profile;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** What {@code --profile} can record while a row's counted runs are measured. */
public enum ProfileKind {
    /** Heap allocated per image, garbage collections and their time, from the JVM's MXBeans. */
    GC,
    /** JFR's jdk.VirtualThreadPinned events: a virtual thread that blocked without releasing its carrier. */
    PINNING,
    /** A whole JFR recording (the JDK's "profile" settings) per row, for JDK Mission Control or {@code jfr print}. */
    JFR;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code gc,pinning}: each name once, any case; an unknown one is refused with the known ones. */
    public static Set<ProfileKind> parse(List<String> names) {
        Set<ProfileKind> kinds = EnumSet.noneOf(ProfileKind.class);
        for (String name : names) {
            String trimmed = name.trim();
            try {
                kinds.add(valueOf(trimmed.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("--profile=" + trimmed + ": unknown profiler (gc, pinning or jfr)");
            }
        }
        return kinds;
    }
}
