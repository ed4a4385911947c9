package dev.loomy.strategy;

import java.util.concurrent.StructuredTaskScope;
import java.util.concurrent.StructuredTaskScope.Joiner;

/**
 * {@link StructuredStrategy}'s scope, against JDK 25's preview API (JEP 505): compiled apart, with
 * preview features, and loaded by name. Each image is a subtask; a subtask throws only when its image
 * stopped the run ({@code --fail-fast}'s first failure), and the joiner that fails on the first
 * failure then cancels the scope, which interrupts the subtasks under way and starts no other.
 * Without {@code --fail-fast} no subtask throws (a failed image is one line and a count), and the
 * join waits for them all.
 */
final class StructuredScope implements StructuredStrategy.Body {

    /** What a subtask throws when its image stopped the run: the failure itself is already said. */
    private static final class StoppedRun extends RuntimeException {
        StoppedRun() {
            super(null, null, false, false);
        }
    }

    StructuredScope() {
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        SubmissionWindow window = new SubmissionWindow(parallelism);
        // awaitAllSuccessfulOrThrow keeps no subtask: a run of a million images holds only those in flight.
        try (var scope = StructuredTaskScope.open(Joiner.<Void>awaitAllSuccessfulOrThrow(),
                config -> config.withThreadFactory(NumberedThreads.virtual("loomy-structured-")))) {
            for (ImageJob job = jobs.next(); job != null && !job.stopping(); job = jobs.next()) {
                Runnable ready = window.enter(job);
                if (ready == null) {
                    break;
                }
                ImageJob forked = job;
                scope.fork(() -> {
                    ready.run();
                    if (forked.stoppedRun()) {
                        throw new StoppedRun();
                    }
                });
            }
            scope.join();
        } catch (StructuredTaskScope.FailedException e) {
            // Closed by now: every subtask has ended. An image that stopped the run is said; anything else is not.
            if (e.getCause() instanceof Error error) {
                throw error;
            }
            if (!(e.getCause() instanceof StoppedRun)) {
                throw new IllegalStateException("a subtask failed: " + e.getCause(), e.getCause());
            }
        }
    }
}
