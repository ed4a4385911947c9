package dev.loomy.admission;

import java.util.Locale;

/** Byte counts as people read them: 420 MiB, 9.8 GiB. */
final class Sizes {

    private Sizes() {
    }

    static String of(long bytes) {
        if (bytes >= 1L << 30) {
            return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
        }
        if (bytes >= 1L << 20) {
            return String.format(Locale.ROOT, "%.0f MiB", bytes / (double) (1L << 20));
        }
        return String.format(Locale.ROOT, "%.0f KiB", bytes / 1024.0);
    }
}
