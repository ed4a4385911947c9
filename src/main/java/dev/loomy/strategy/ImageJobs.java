package dev.loomy.strategy;

import java.util.Iterator;
import java.util.List;

/**
 * The image jobs of one run, handed to its strategy one at a time as the walk of the inputs finds
 * their images, so that a run never holds them all: a million images are a million small
 * objects, and as many threads if a strategy started them all at once.
 */
public interface ImageJobs {

    /**
     * How many jobs the run expects: the images found when it was planned. The inputs are walked
     * again for each run, so a file added or removed since makes it one more or fewer.
     */
    int expected();

    /** The next job, or null when none is left. Only the strategy's submitting thread calls it. */
    ImageJob next();

    /** The jobs of a list, as they are. */
    static ImageJobs of(List<? extends ImageJob> jobs) {
        Iterator<? extends ImageJob> each = jobs.iterator();
        return new ImageJobs() {
            @Override
            public int expected() {
                return jobs.size();
            }

            @Override
            public ImageJob next() {
                return each.hasNext() ? each.next() : null;
            }
        };
    }
}
