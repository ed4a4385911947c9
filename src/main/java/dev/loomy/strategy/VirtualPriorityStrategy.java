package dev.loomy.strategy;

import java.util.ArrayList;
import java.util.List;

/**
 * The article's last experiment: the images split in two halves, each image on its own
 * virtual thread, the first half asking for priority 1 and the second for priority 10.
 * Virtual threads ignore priority ({@link Thread#setPriority} has no effect on them), and
 * the two halves' times, reported per lane, show it.
 */
public final class VirtualPriorityStrategy implements Strategy {

    public static final String NAME = "virtual-priority";
    public static final String LOW = "priority 1";
    public static final String HIGH = "priority 10";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "virtual threads, half at priority 1, half at 10";
    }

    @Override
    public List<String> lanes() {
        return List.of(LOW, HIGH);
    }

    @Override
    public void run(ImageJobs jobs, int parallelism) throws InterruptedException {
        int half = jobs.expected() / 2;
        SubmissionWindow window = new SubmissionWindow(parallelism);
        int batch = SubmissionWindow.size(parallelism);
        List<Thread> started = new ArrayList<>();
        int index = 0;
        // Made and stamped a window's worth at a time, then started in order, so that both halves of a
        // batch that fits in the window (every batch of a few thousand images) count from the same moment.
        boolean stopped = false;
        while (!stopped) {
            List<Thread> threads = new ArrayList<>();
            for (ImageJob job = threads.size() < batch ? jobs.next() : null; job != null;
                    job = threads.size() < batch ? jobs.next() : null) {
                boolean low = index < half;
                Runnable ready = job.stopping() ? null : window.enter(job, low ? LOW : HIGH);
                if (ready == null) {
                    stopped = true;
                    break;
                }
                Thread thread = Thread.ofVirtual().name("loomy-virtual-p" + (low ? 1 : 10) + "-", index).unstarted(ready);
                thread.setPriority(low ? Thread.MIN_PRIORITY : Thread.MAX_PRIORITY);
                threads.add(thread);
                index++;
            }
            if (threads.isEmpty()) {
                break;
            }
            for (Thread thread : threads) {
                thread.start();
                started.add(thread);
            }
            started.removeIf(thread -> !thread.isAlive());
            stopped |= threads.size() < batch;
        }
        for (Thread thread : started) {
            thread.join();
        }
    }
}
