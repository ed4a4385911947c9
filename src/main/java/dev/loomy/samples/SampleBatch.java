package dev.loomy.samples;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicReference;

import org.opencv.core.Mat;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.opencv.Mats;


/**
 * Writes images 1 to N of a {@link SampleGenerator} into a folder, a few at a time in
 * parallel (painting and encoding are CPU work: one platform thread per core is enough).
 * Each file is written atomically by the {@link ImageWriter}.
 */
public final class SampleBatch {

    /** What was written: how many images of each format and their total size on disk. */
    public record Result(int jpegs, int pngs, long bytes) {

        public int images() {
            return jpegs + pngs;
        }
    }

    private final SampleGenerator generator;
    private final ImageWriter writer;
    private final int threads;

    public SampleBatch(SampleGenerator generator, ImageWriter writer, int threads) {
        this.generator = generator;
        this.writer = writer;
        this.threads = threads;
    }

    /**
     * Writes images 1 to {@code count} into {@code dir}, creating it if needed. Stops at the
     * first image that cannot be written (a full disk fails them all alike) and throws its error.
     */
    public Result write(Path dir, int count) throws ImageException, InterruptedException {
        int digits = SampleGenerator.digits(count);
        AtomicReference<Exception> failure = new AtomicReference<>();
        List<Future<SampleGenerator.Sample>> written = new ArrayList<>(count);
        try (ExecutorService pool = Executors.newFixedThreadPool(Math.min(threads, count))) {
            for (int index = 1; index <= count; index++) {
                int i = index;
                written.add(pool.submit(() -> writeOne(i, dir, digits, failure)));
            }
            int jpegs = 0;
            int pngs = 0;
            long bytes = 0;
            for (Future<SampleGenerator.Sample> future : written) {
                SampleGenerator.Sample sample = future.get();
                if (sample == null) {
                    continue;
                }
                bytes += size(dir.resolve(sample.fileName(digits)));
                if (sample.extension().equals("png")) {
                    pngs++;
                } else {
                    jpegs++;
                }
            }
            rethrow(failure.get());
            return new Result(jpegs, pngs, bytes);
        } catch (InterruptedException e) {
            failure.compareAndSet(null, e);
            written.forEach(f -> f.cancel(true));
            throw e;
        } catch (ExecutionException e) {
            // writeOne catches what it can; anything else is a bug, to be seen as one.
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Paints and writes one image; after the first failure, the images not yet begun are skipped (null). */
    private SampleGenerator.Sample writeOne(int index, Path dir, int digits, AtomicReference<Exception> failure) {
        if (failure.get() != null) {
            return null;
        }
        SampleGenerator.Sample sample = generator.describe(index);
        Mat image = null;
        try {
            image = generator.paint(index);
            writer.write(image, dir.resolve(sample.fileName(digits)));
            return sample;
        } catch (ImageException | RuntimeException e) {
            failure.compareAndSet(null, e);
            return null;
        } finally {
            Mats.free(image);
        }
    }

    private static void rethrow(Exception failure) throws ImageException {
        if (failure instanceof ImageException image) {
            throw image;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
    }

    private static long size(Path file) throws ImageException {
        try {
            return Files.size(file);
        } catch (IOException e) {
            throw new ImageException(file, "written but cannot be measured: " + e.getMessage());
        }
    }
}
