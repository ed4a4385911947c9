package dev.loomy.manifest;

/**
 * The manifest's last record of each output, as two 64-bit hashes (the output's path, and all
 * the rest): 16 bytes a slot in two arrays, so that a million records take 32 MB and no object
 * each, whatever their paths' length. A later record of an output replaces an earlier one.
 * Filled by one thread, then only read.
 */
public final class ManifestIndex {

    private static final double LOAD = 0.6;

    private long[] keys;
    private long[] fingerprints;
    private int size;

    public ManifestIndex() {
        keys = new long[1024];
        fingerprints = new long[1024];
    }

    /** How many outputs it has a record of. */
    public int size() {
        return size;
    }

    /** Notes {@code record} as the last of its output. */
    public void put(ManifestRecord record) {
        put(record.key(), record.fingerprint());
    }

    /** Whether {@code record} is the last one noted of its output, field for field. */
    public boolean matches(ManifestRecord record) {
        long key = nonZero(record.key());
        int mask = keys.length - 1;
        for (int slot = (int) key & mask; keys[slot] != 0; slot = (slot + 1) & mask) {
            if (keys[slot] == key) {
                return fingerprints[slot] == record.fingerprint();
            }
        }
        return false;
    }

    private void put(long key, long fingerprint) {
        key = nonZero(key);
        if (size + 1 > keys.length * LOAD) {
            grow();
        }
        int mask = keys.length - 1;
        int slot = (int) key & mask;
        while (keys[slot] != 0 && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        if (keys[slot] == 0) {
            size++;
        }
        keys[slot] = key;
        fingerprints[slot] = fingerprint;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldFingerprints = fingerprints;
        keys = new long[oldKeys.length * 2];
        fingerprints = new long[oldKeys.length * 2];
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != 0) {
                put(oldKeys[i], oldFingerprints[i]);
            }
        }
    }

    /** 0 marks an empty slot: a key that hashes to it is taken as 1. */
    private static long nonZero(long key) {
        return key == 0 ? 1 : key;
    }
}
