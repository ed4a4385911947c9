package dev.loomy.manifest;

/**
 * The manifest's last record of each output, as two 64-bit hashes (the output's path, and all
 * the rest) and the record's number in the order noted: 20 bytes a slot in three arrays, so that
 * a million records take 40 MB and no object each, whatever their paths' length. A later record
 * of an output replaces an earlier one. Filled by one thread, then only read.
 */
public final class ManifestIndex {

    private static final double LOAD = 0.6;

    private long[] keys;
    private long[] fingerprints;
    private int[] numbers;
    private int size;
    private int records;

    public ManifestIndex() {
        keys = new long[1024];
        fingerprints = new long[1024];
        numbers = new int[1024];
    }

    /** How many outputs it has a record of. */
    public int size() {
        return size;
    }

    /** How many records it was given, those superseded by a later one of their output included. */
    public int records() {
        return records;
    }

    /** Notes {@code record} as the last of its output. */
    public void put(ManifestRecord record) {
        put(record.key(), record.fingerprint(), records++);
    }

    /** The number, in the order they were noted, of the last record of {@code record}'s output; -1 when none. */
    public int lastOf(ManifestRecord record) {
        int slot = slot(nonZero(record.key()));
        return keys[slot] == 0 ? -1 : numbers[slot];
    }

    /** Whether {@code record} is the last one noted of its output, field for field. */
    public boolean matches(ManifestRecord record) {
        int slot = slot(nonZero(record.key()));
        return keys[slot] != 0 && fingerprints[slot] == record.fingerprint();
    }

    /** The slot that holds {@code key}, or the empty one where it would go. */
    private int slot(long key) {
        int mask = keys.length - 1;
        int slot = (int) key & mask;
        while (keys[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private void put(long key, long fingerprint, int number) {
        key = nonZero(key);
        if (size + 1 > keys.length * LOAD) {
            grow();
        }
        int slot = slot(key);
        if (keys[slot] == 0) {
            size++;
        }
        keys[slot] = key;
        fingerprints[slot] = fingerprint;
        numbers[slot] = number;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldFingerprints = fingerprints;
        int[] oldNumbers = numbers;
        keys = new long[oldKeys.length * 2];
        fingerprints = new long[oldKeys.length * 2];
        numbers = new int[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                put(oldKeys[i], oldFingerprints[i], oldNumbers[i]);
            }
        }
    }

    /** 0 marks an empty slot: a key that hashes to it is taken as 1. */
    private static long nonZero(long key) {
        return key == 0 ? 1 : key;
    }
}
