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
    public void run(List<? extends ImageJob> jobs, int parallelism) throws InterruptedException {
        int half = jobs.size() / 2;
        List<Thread> threads = new ArrayList<>(jobs.size());
        for (int i = 0; i < jobs.size(); i++) {
            boolean low = i < half;
            Thread thread = Thread.ofVirtual().name("loomy-virtual-p" + (low ? 1 : 10) + "-", i)
                    .unstarted(jobs.get(i).submitted(low ? LOW : HIGH));
            thread.setPriority(low ? Thread.MIN_PRIORITY : Thread.MAX_PRIORITY);
            threads.add(thread);
        }
        // Stamped before start, so both halves count from the same moment; started in order.
        for (int i = 0; i < threads.size() && !jobs.get(i).stopping(); i++) {
            threads.get(i).start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }
}
