package dev.loomy.strategy;

import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Threads named {@code prefix0}, {@code prefix1}, ... The JDK's own numbered factories
 * ({@code Thread.ofVirtual().name(prefix, 0).factory()}, and the platform one) count through a
 * VarHandle, whose method handles are generated at the first thread, in the middle of a job's start
 * and in no start-up cache; an {@link AtomicLong} needs none.
 */
final class NumberedThreads implements ThreadFactory {

    private final String prefix;
    private final boolean virtual;
    private final AtomicLong next = new AtomicLong();

    private NumberedThreads(String prefix, boolean virtual) {
        this.prefix = prefix;
        this.virtual = virtual;
    }

    static ThreadFactory virtual(String prefix) {
        return new NumberedThreads(prefix, true);
    }

    static ThreadFactory platform(String prefix) {
        return new NumberedThreads(prefix, false);
    }

    @Override
    public Thread newThread(Runnable task) {
        String name = prefix + next.getAndIncrement();
        return virtual ? Thread.ofVirtual().name(name).unstarted(task) : Thread.ofPlatform().name(name).unstarted(task);
    }
}
