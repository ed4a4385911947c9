package dev.loomy.engine.spark;

import java.io.Serializable;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Iterator;
import java.util.List;

import dev.loomy.files.ImageFile;

/**
 * The images of one Spark task: where they are, never pixels. Spark holds every task's batch on
 * the driver for the whole job, so a batch is kept small: each image is one line of text (its
 * location, absolute, so that an executor whose working folder is elsewhere finds it), the lines
 * joined, and the start they all share (the folder, mostly) kept once. The driver holds about
 * the length of an image's file name and nine bytes per image.
 *
 * <p>A line is {@code p} and a path where the path's text names the same bytes; {@code b} and the
 * path as a {@code file:} URI (each byte that is not plain text percent-encoded) where it does not,
 * as for a file name that is not valid in the locale's charset; {@code u} and a URI that Hadoop's
 * FileSystem reads.
 *
 * @param partition the task's partition number
 * @param indexes   for each image, its place in the run's images
 * @param shared    the start that every line shares
 * @param lines     the rest of each line, each ended by {@link #END}
 * @param depths    for each image, how many names at the end of its location make its path relative to its
 *                  input, which its output keeps
 */
record Batch(int partition, int[] indexes, String shared, String lines, int[] depths) implements Serializable {

    /** Ends a line: no path holds it, and a URI holds it only percent-encoded. */
    static final char END = '\0';

    /**
     * An image of the batch, as the executor finds it.
     *
     * @param index its place in the run's images
     * @param image where it is: a path, or a URI ({@link ImageFile#uri})
     */
    record Item(int index, ImageFile image) {
    }

    /** How many images the batch holds. */
    int size() {
        return depths.length;
    }

    /** Its images, decoded. */
    List<Item> items() {
        List<Item> items = new ArrayList<>(size());
        int from = 0;
        for (int i = 0; i < size(); i++) {
            int end = lines.indexOf(END, from);
            items.add(new Item(indexes[i], image(shared + lines.substring(from, end), depths[i])));
            from = end + 1;
        }
        return items;
    }

    /** A location as a line: see the class's comment. */
    static String line(ImageFile image) {
        return image.uri() != null ? "u" + image.uri() : line(image.path());
    }

    /** A path as a line, made absolute. */
    static String line(Path path) {
        Path absolute = path.toAbsolutePath();
        String text = absolute.toString();
        return Path.of(text).equals(absolute) ? "p" + text : "b" + absolute.toUri();
    }

    /** The path that {@link #line(Path)} gave {@code line}, byte for byte. */
    static Path path(String line) {
        return line.charAt(0) == 'b' ? Path.of(URI.create(line.substring(1))) : Path.of(line.substring(1));
    }

    private static ImageFile image(String line, int depth) {
        if (line.charAt(0) != 'u') {
            Path path = path(line);
            int names = path.getNameCount();
            return new ImageFile(path, path.subpath(names - depth, names));
        }
        String uri = line.substring(1);
        Path path = Path.of(new org.apache.hadoop.fs.Path(uri).toUri().getPath());
        int names = path.getNameCount();
        return new ImageFile(path, path.subpath(names - depth, names), uri);
    }

    /**
     * Splits the images that {@code images} gives, in order, but those in {@code skip} (by their place
     * among them), into {@code count} contiguous batches of sizes that differ by at most one for the
     * {@code expected} images, so that images of one folder go together. Images beyond those expected
     * (added since the run was planned) go in the last batch; batches left empty (images removed
     * since) are dropped.
     */
    static List<Batch> split(Iterator<ImageFile> images, BitSet skip, int expected, int count) {
        List<Batch> batches = new ArrayList<>(count);
        int index = 0;
        int taken = 0;
        for (int i = 0; i < count && images.hasNext(); i++) {
            int to = i == count - 1 ? Integer.MAX_VALUE : (int) ((long) (i + 1) * expected / count);
            List<String> lines = new ArrayList<>();
            List<Integer> depths = new ArrayList<>();
            List<Integer> indexes = new ArrayList<>();
            for (; taken < to && images.hasNext(); index++) {
                ImageFile image = images.next();
                if (!skip.get(index)) {
                    lines.add(line(image));
                    depths.add(image.relative().getNameCount());
                    indexes.add(index);
                    taken++;
                }
            }
            if (!lines.isEmpty()) {
                batches.add(of(batches.size(), indexes, lines, depths));
            }
        }
        return batches;
    }

    /** As {@link #split(Iterator, BitSet, int, int)}, skipping none. */
    static List<Batch> split(Iterator<ImageFile> images, int expected, int count) {
        return split(images, new BitSet(), expected, count);
    }

    private static Batch of(int partition, List<Integer> indexes, List<String> lines, List<Integer> depths) {
        int shared = lines.get(0).length();
        for (String line : lines) {
            shared = Math.min(shared, common(lines.get(0), line, shared));
        }
        StringBuilder rest = new StringBuilder();
        for (String line : lines) {
            rest.append(line, shared, line.length()).append(END);
        }
        return new Batch(partition, indexes.stream().mapToInt(Integer::intValue).toArray(),
                lines.get(0).substring(0, shared), rest.toString(), depths.stream().mapToInt(Integer::intValue).toArray());
    }

    /** How many chars {@code a} and {@code b} share at their start, up to {@code most}. */
    private static int common(String a, String b, int most) {
        int n = Math.min(most, b.length());
        for (int i = 0; i < n; i++) {
            if (a.charAt(i) != b.charAt(i)) {
                return i;
            }
        }
        return n;
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
