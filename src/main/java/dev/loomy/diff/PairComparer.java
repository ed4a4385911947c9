package dev.loomy.diff;

import org.opencv.core.Mat;

import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.opencv.Mats;

/**
 * Reads both images of a pair (8-bit BGR, as imread's default), compares them and, if asked, writes the
 * heatmap of a differing pair; one pair in memory at a time.
 */
public final class PairComparer {

    private final ImageReader reader;
    private final Heatmaps heatmaps;

    /** @param heatmaps where the heatmaps go, or null for none */
    public PairComparer(ImageReader reader, Heatmaps heatmaps) {
        this.reader = reader;
        this.heatmaps = heatmaps;
    }

    public PairResult compare(ImagePairs.Pair pair) throws InterruptedException {
        if (!pair.inB()) {
            return PairResult.problem(pair.name(), PairResult.Kind.ONLY_IN_A, pair.b() + ": missing (only in A: " + pair.a() + ")");
        }
        if (!pair.inA()) {
            return PairResult.problem(pair.name(), PairResult.Kind.ONLY_IN_B, pair.a() + ": missing (only in B: " + pair.b() + ")");
        }
        Mat a = null;
        Mat b = null;
        try {
            a = reader.read(pair.a());
            b = reader.read(pair.b());
            if (!a.size().equals(b.size())) {
                return PairResult.problem(pair.name(), PairResult.Kind.SIZE_MISMATCH, pair.name() + ": sizes differ, "
                        + size(a) + " in A (" + pair.a() + "), " + size(b) + " in B (" + pair.b() + ")");
            }
            PairResult result = PairResult.compared(pair.name(), ImageComparison.compare(a, b));
            if (heatmaps != null && result.kind() == PairResult.Kind.DIFFERENT) {
                try {
                    heatmaps.write(pair.name(), a, b);
                } catch (ImageException e) {
                    return result.unwritten(e.getMessage());
                }
            }
            return result;
        } catch (ImageException e) {
            return PairResult.problem(pair.name(), PairResult.Kind.UNREADABLE, e.getMessage());
        } finally {
            Mats.free(a, b);
        }
    }

    private static String size(Mat image) {
        return image.cols() + "x" + image.rows();
    }
}
