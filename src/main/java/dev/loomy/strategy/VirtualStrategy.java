package dev.loomy.strategy;

import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One virtual thread per image. The virtual threads share the JVM's carrier threads, whose
 * number is fixed when its first virtual thread starts ({@code jdk.virtualThreadScheduler.parallelism},
 * which the engine's {@code Runner} sets from the run's parallelism before any exists; a forked
 * child JVM is started with it).
 */
public final class VirtualStrategy implements Strategy {

    @Override
    public String name() {
        return "virtual";
    }

    @Override
    public String description() {
        return "one virtual thread per image";
    }

    @Override
    public void run(List<? extends ImageJob> jobs, int parallelism) {
        try (ExecutorService executor = Executors.newThreadPerTaskExecutor(Thread.ofVirtual().name("loomy-virtual-", 0).factory())) {
            for (ImageJob job : jobs) {
                if (job.stopping()) {
                    break;
                }
                executor.execute(job.submitted());
            }
        }
    }
}
