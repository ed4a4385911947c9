package dev.loomy.strategy;

/** A plain for-loop on the calling thread: the baseline every other strategy is compared to. */
public final class LoopStrategy implements Strategy {

    @Override
    public String name() {
        return "loop";
    }

    @Override
    public String description() {
        return "a plain loop on one thread";
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) {
        for (ImageJob job = jobs.next(); job != null && !job.stopping(); job = jobs.next()) {
            job.submitted().run();
        }
    }
}
