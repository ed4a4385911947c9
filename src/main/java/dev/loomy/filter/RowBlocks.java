package dev.loomy.filter;

import org.opencv.core.Mat;

import dev.loomy.opencv.MatScope;

/**
 * Runs a chain of element-wise operations block of rows by block of rows.
 *
 * <p>An element-wise chain such as {@code c - a .* b} needs a whole-image temporary when run
 * one operation at a time; block by block it needs one the size of a block. Each element still
 * goes through the very same operations, so the bits do not change, while the memory a call
 * touches shrinks (fresh native memory costs page faults) and the temporary stays in cache.
 */
final class RowBlocks {

    /** Rows per block: a 64-bit block of a 1024-wide image is 256 KiB. */
    static final int ROWS = 32;

    /** One block of rows; views of it are released when the block is done. */
    static final class Block {
        private final int start;
        private final int end;
        private final MatScope views;

        private Block(int start, int end, MatScope views) {
            this.start = start;
            this.end = end;
            this.views = views;
        }

        /** This block's rows of a whole-image {@code mat}. */
        Mat of(Mat mat) {
            return views.rowRange(mat, start, end);
        }

        /** A block-sized part of a {@code temporary} of {@link #ROWS} rows. */
        Mat temporary(Mat temporary) {
            return views.rowRange(temporary, 0, end - start);
        }
    }

    @FunctionalInterface
    interface Step {
        void apply(Block block);
    }

    private RowBlocks() {
    }

    static void forEach(int rows, Step step) {
        for (int start = 0; start < rows; start += ROWS) {
            try (MatScope views = new MatScope()) {
                step.apply(new Block(start, Math.min(rows, start + ROWS), views));
            }
        }
    }
}
