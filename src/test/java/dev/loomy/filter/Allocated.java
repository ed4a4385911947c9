package dev.loomy.filter;

import java.lang.management.ManagementFactory;

/** What a piece of code allocates on the Java heap. */
final class Allocated {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocated() {
    }

    /** The bytes the current thread allocates on the heap while it runs {@code call}. */
    static long bytesDuring(Runnable call) {
        long before = THREADS.getCurrentThreadAllocatedBytes();
        call.run();
        return THREADS.getCurrentThreadAllocatedBytes() - before;
    }
}
