package dev.loomy.imageio;

import java.util.Locale;

/**
 * What a thread holds while it waits out the simulated storage latency ({@code --io-lock}), as
 * legacy code does around a blocking read: nothing, a monitor ({@code synchronized}) or a
 * {@link java.util.concurrent.locks.ReentrantLock}. The lock is the image's own (one per image,
 * as a synchronized stream holds its own monitor across a read): images never wait for each other
 * on it, but on Java 21 a virtual thread that blocks inside {@code synchronized} pins its carrier
 * for the wait (JEP 491 lifted that in Java 24); a ReentrantLock never pins.
 */
public enum IoLock {
    NONE, MONITOR, REENTRANT;

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** An {@code --io-lock} value. */
    public static IoLock parse(String name) {
        for (IoLock lock : values()) {
            if (lock.label().equals(name)) {
                return lock;
            }
        }
        throw new IllegalArgumentException("--io-lock=" + name + ": unknown lock (none, monitor or reentrant)");
    }
}
