package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Checks made from several threads at once. */
final class Concurrently {

    private Concurrently() {
    }

    /** Runs {@code checks} on {@code threads} threads and requires each to hold. */
    static void allHold(int threads, List<Callable<Boolean>> checks) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Boolean>> results = pool.invokeAll(checks);
            for (int k = 0; k < results.size(); k++) {
                assertThat(results.get(k).get()).as("check %d of %d", k + 1, results.size()).isTrue();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
