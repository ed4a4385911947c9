package dev.loomy.filter;

/**
 * The colour-reduction lookup table of {@link Cartoon2}, built exactly as origami builds it.
 *
 * <p>The keys are {@code 0} and {@code x + 256.0 / levels} truncated to an int, for as long as
 * they stay below 256. Each key maps to itself; the entries between the previous key and this
 * one that are still 0 (entry 0 included) take this key's value; entries above the last key
 * stay 0. So for 10 levels, 0 maps to 25 and 251..255 map to 0: that quirk is part of the look.
 */
final class ColourLevels {

    static final int MIN_LEVELS = 1;
    static final int MAX_LEVELS = 256;

    private ColourLevels() {
    }

    /** The 256-entry table for {@code levels} colour levels (1..256). */
    static int[] table(int levels) {
        if (levels < MIN_LEVELS || levels > MAX_LEVELS) {
            throw new IllegalArgumentException("colour levels must be in " + MIN_LEVELS + ".." + MAX_LEVELS + ", not " + levels);
        }
        int[] table = new int[256];
        int previous = 0;
        // origami's int += double: the sum is truncated at every step, so the keys drift down.
        for (int key = 0; key < 256; key = (int) (key + 256.0 / levels)) {
            table[key] = key;
            for (int i = previous; i < key; i++) {
                if (table[i] == 0) {
                    table[i] = key;
                }
            }
            previous = key;
        }
        return table;
    }
}
