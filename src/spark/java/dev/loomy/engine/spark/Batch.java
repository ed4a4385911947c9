package dev.loomy.engine.spark;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * The images of one Spark task: paths only, never pixels. Paths are absolute, so that an
 * executor whose working folder is elsewhere finds them.
 *
 * @param partition the task's partition number
 * @param items     its images, in submission order
 */
record Batch(int partition, List<Item> items) implements Serializable {

    /**
     * @param index  the image's position in the sorted input list
     * @param input  where it is read from
     * @param output where its result goes, or null when nothing is written
     */
    record Item(int index, String input, String output) implements Serializable {
    }

    /**
     * Splits {@code items} (sorted) into {@code count} contiguous batches of sizes that differ by at
     * most one, so that images of one folder go together.
     */
    static List<Batch> split(List<Item> items, int count) {
        List<Batch> batches = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int from = (int) ((long) i * items.size() / count);
            int to = (int) ((long) (i + 1) * items.size() / count);
            batches.add(new Batch(i, List.copyOf(items.subList(from, to))));
        }
        return batches;
    }

    /**
     * How many tasks: {@code asked} when given (never more than there are images), else about
     * {@link #IMAGES_PER_TASK} images a task but at least two tasks per executor core, so that a
     * slow task or a lost executor delays the run by a small share of it.
     */
    static int count(Integer asked, int images, int cores) {
        int count = asked != null ? asked
                : Math.max((images + IMAGES_PER_TASK - 1) / IMAGES_PER_TASK, 2 * cores);
        return Math.max(1, Math.min(count, images));
    }

    static final int IMAGES_PER_TASK = 200;
}
