package dev.loomy.strategy;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * One virtual thread per image, as many alive at once as a {@link SubmissionWindow} holds. The virtual threads share the JVM's carrier threads, whose
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
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        try (ExecutorService executor = Executors.newThreadPerTaskExecutor(NumberedThreads.virtual("loomy-virtual-"))) {
            SubmissionWindow.submitAll(jobs, parallelism, executor);
        }
    }
}
