package dev.loomy.engine.spark;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import org.apache.hadoop.fs.Path;

import dev.loomy.admission.ImageCost;
import dev.loomy.admission.InFlightLimit;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.Filter;
import dev.loomy.imageio.ImageHeader;

/**
 * {@code spark.executor.memoryOverhead}: the memory an executor's container gets beyond its Java
 * heap (YARN and Kubernetes size containers by it and kill one that grows past it; a standalone
 * worker does not). OpenCV's Mats live there, outside the heap, so Spark's own default (a tenth
 * of the executor's memory, at least 384 MiB, for the JVM's own needs) is given that much more:
 * the executor's task slots, times the images each task holds at once, times the native memory
 * that the local engine's admission estimates for one image ({@link ImageCost}).
 */
record ExecutorMemory(long overheadMib, String why) {

    /** Spark's default overhead: this share of the executor's memory, at least {@link #SPARK_MINIMUM_MIB}. */
    static final double SPARK_FACTOR = 0.10;
    static final long SPARK_MINIMUM_MIB = 384;
    /** Images whose headers are read to size the estimate: a sample, so that a million images cost no more. */
    static final int SAMPLE = 100;

    /**
     * @param executorMemoryMib {@code spark.executor.memory}
     * @param cores             {@code spark.executor.cores}: the tasks an executor runs at once
     * @param inFlight          the images each task holds at once
     * @param perImageBytes     the native memory of one image in flight
     */
    static ExecutorMemory of(long executorMemoryMib, int cores, int inFlight, long perImageBytes, String filter) {
        long spark = Math.max(SPARK_MINIMUM_MIB, (long) (executorMemoryMib * SPARK_FACTOR));
        long images = (long) cores * inFlight * perImageBytes;
        long overhead = spark + (images + (1 << 20) - 1) / (1 << 20);
        return new ExecutorMemory(overhead, String.format(Locale.ROOT,
                "Spark's %d MiB + %d task slot%s x %d image%s in flight x ~%.1f MiB per %s image", spark, cores,
                cores == 1 ? "" : "s", inFlight, inFlight == 1 ? "" : "s", perImageBytes / (double) (1 << 20), filter));
    }

    /**
     * The images one task holds at once: {@code N} for {@code --max-in-flight=N}; for {@code auto}
     * what it aims for, {@link InFlightLimit#PER_CORE} per thread; with no limit, a whole task's.
     */
    static int inFlightPerTask(InFlightLimit limit, int parallelism, int largestTask) {
        return switch (limit) {
            case InFlightLimit.Images(int images) -> Math.min(images, largestTask);
            case InFlightLimit.Named.AUTO -> Math.min(InFlightLimit.PER_CORE * parallelism, largestTask);
            case InFlightLimit.Named.UNBOUNDED -> largestTask;
        };
    }

    /**
     * One image's native memory for the most demanding of {@code filters}, sized as {@code auto}
     * sizes its budget: the 90th percentile of a sample of the images. An image on a path has its
     * header read; one behind a URI only its length, from which its size is guessed as admission
     * guesses a header it cannot read.
     *
     * @param images the run's images, one at a time
     * @param count  how many there are, as planned
     */
    static long perImageBytes(Iterator<ImageFile> images, int count, List<Filter> filters, HadoopFiles files) {
        List<Long> costs = new ArrayList<>();
        int step = Math.max(1, count / SAMPLE);
        for (int i = 0; images.hasNext(); i++) {
            ImageFile image = images.next();
            if (i % step == 0) {
                ImageHeader header = header(image, files);
                costs.add(filters.stream().mapToLong(f -> ImageCost.of(header, f).nativeBytes()).max().orElse(0));
            }
        }
        costs.sort(Comparator.naturalOrder());
        return costs.isEmpty() ? 0 : costs.get(costs.size() * 9 / 10);
    }

    private static ImageHeader header(ImageFile image, HadoopFiles files) {
        if (image.uri() == null) {
            return ImageHeader.probe(image.path());
        }
        try {
            Path path = new Path(image.uri());
            return new ImageHeader(files.fileSystem(path).getFileStatus(path).getLen(), 0, 0);
        } catch (IOException | RuntimeException e) {
            // Listed a moment ago: an image gone since fails when a task reads it.
            return new ImageHeader(0, 0, 0);
        }
    }
}
