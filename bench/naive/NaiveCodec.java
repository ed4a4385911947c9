import java.io.File;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.opencv.core.Mat;
import org.opencv.imgcodecs.Imgcodecs;

/**
 * The naive reference that bench/run.sh times beside loomy: every image of a folder read with
 * imread and written with imwrite, nothing else (no checks, no admission, no atomic writes), in a
 * loop or with one virtual thread per image. What loomy spends beyond it is loomy's overhead.
 *
 *   java -cp OPENCV_JAR:CLASSES NaiveCodec loop|virtual IN OUT WARMUPS RUNS [FILTER]
 *
 * FILTER (NoOp by default, Cartoon2, ALTMRetinex) goes between the two, written the plain way
 * ({@link PlainFilters}), as the article's program applied its library's filters.
 *
 * Prints one line: the mode, the number of images and the median wall time of the counted runs in
 * milliseconds, each run over every image, in this JVM after the warm-up runs.
 */
public final class NaiveCodec {

    public static void main(String[] args) throws Exception {
        nu.pattern.OpenCV.loadLocally();
        String mode = args[0];
        File[] files = new File(args[1]).listFiles(f -> f.isFile() && f.getName().matches("(?i).*\\.(jpe?g|png)"));
        Arrays.sort(files);
        File out = new File(args[2]);
        out.mkdirs();
        int warmups = Integer.parseInt(args[3]);
        int runs = Integer.parseInt(args[4]);
        String filter = args.length > 5 ? args[5] : "NoOp";
        List<Double> times = new ArrayList<>();
        for (int run = 0; run < warmups + runs; run++) {
            long start = System.nanoTime();
            if (mode.equals("loop")) {
                for (File file : files) {
                    copy(file, out, filter);
                }
            } else {
                List<Thread> threads = new ArrayList<>();
                for (File file : files) {
                    threads.add(Thread.ofVirtual().start(() -> copy(file, out, filter)));
                }
                for (Thread thread : threads) {
                    thread.join();
                }
            }
            if (run >= warmups) {
                times.add((System.nanoTime() - start) / 1e6);
            }
        }
        times.sort(null);
        double median = times.size() % 2 == 1 ? times.get(times.size() / 2)
                : (times.get(times.size() / 2 - 1) + times.get(times.size() / 2)) / 2;
        System.out.printf(java.util.Locale.ROOT, "%s,%d,%.3f%n", mode, files.length, median);
    }

    private static void copy(File file, File out, String filter) {
        Mat image = Imgcodecs.imread(file.getPath());
        Mat result = PlainFilters.apply(filter, image);
        Imgcodecs.imwrite(new File(out, file.getName()).getPath(), result);
        if (result != image) {
            result.release();
        }
        image.release();
    }
}
