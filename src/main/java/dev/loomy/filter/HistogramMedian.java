package dev.loomy.filter;

import java.util.Arrays;

/**
 * The exact median of every {@code k x k} window of an 8-bit image (replicated borders, as
 * {@code medianBlur} has them), in constant time per pixel, for apertures up to 15.
 *
 * <p>Perreault and Hébert's algorithm: a histogram per column, slid down one row at a time; the
 * window's histogram is the sum of {@code k} column histograms, slid right one column at a time.
 * A coarse level of 16 bins finds which 16 values hold the median, and only that coarse bin's
 * fine histogram is brought up to date, lazily, from the column where it was last used.
 *
 * <p>The counts are packed. A column holds at most 15 values, so a column's count fits in four
 * bits: the 16 fine counts of each of its coarse bins are one {@code long}, and so is its coarse
 * level, kept as running counts (nibble {@code b} counts the values in bins 0 to {@code b}), so
 * that the count below any bin is one nibble. A window holds at most 225 values, so its counts
 * fit in a byte: eight bins (the even or the odd ones of a coarse bin or level) are added or
 * subtracted in one {@code long}, with no carry ever crossing into the next bin. A prefix sum
 * over eight bins is one multiplication by {@code 0x0101010101010101}, and how many bins stay
 * below the median's rank is a carry test and a bit count over all eight at once, without a
 * branch. The coarse level is searched only when the median leaves its coarse bin for one that
 * is not next to it (see {@code medianRow}).
 */
final class HistogramMedian {

    /** The largest aperture whose column counts (k values) fit in four bits. */
    static final int MAX_APERTURE = 15;

    private static final long ONES = 0x0101010101010101L;
    /** One value in every nibble: shifted to a bin's nibble, one value more in it and every bin above. */
    private static final long PREFIX = 0x1111111111111111L;
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH = 0x8080808080808080L;
    private static final long NIBBLES = 0x0F0F0F0F0F0F0F0FL;
    private static final int FAR_LEFT = Integer.MIN_VALUE / 2;

    private HistogramMedian() {
    }

    /**
     * The median-filtered copy of {@code src}, {@code cols x rows} pixels stored row after row,
     * for an odd aperture {@code k} from 3 to {@link #MAX_APERTURE}.
     */
    static byte[] blur(byte[] src, int cols, int rows, int k) {
        if (cols < 1 || (long) cols * rows != src.length) {
            throw new IllegalArgumentException(cols + "x" + rows + " does not describe " + src.length + " pixels");
        }
        byte[] dst = new byte[src.length];
        new Workspace().blur(src, dst, cols, rows, k);
        return dst;
    }

    /**
     * The column histograms of one image and the state of the window sliding over them, and the
     * pixels in and out: 0.8 MB for a 612x612 photo, kept from one call to the next by {@link
     * Median} ({@link Workspaces}).
     */
    static final class Workspace {

        private byte[] in = new byte[0];
        private byte[] out = new byte[0];
        // The call under way.
        private byte[] src;
        private int cols;
        private int rows;
        private int k;
        private int r;
        private int rank;
        /** The image's columns and r replicated columns on either side. */
        private int padded;
        /** fine[bin * padded + column]: nibble j counts the value 16 * bin + j. */
        private long[] fine = new long[0];
        /** coarse[column]: nibble bin counts the values 0 .. 16 * bin + 15. */
        private long[] coarse = new long[0];
        /** Per coarse bin, the window's fine counts (even and odd values, a byte each) and where they were taken. */
        private final long[] evens = new long[16];
        private final long[] odds = new long[16];
        private final int[] taken = new int[16];

        /**
         * The bytes a workspace's arrays take for a {@code cols x rows} image and aperture {@code k}:
         * the pixels in and out, a byte each, and the fine and coarse counts of every padded column.
         */
        static long bytesFor(int cols, int rows, int k) {
            return 2L * cols * rows + (16L + 1) * Long.BYTES * (cols + 2L * (k / 2));
        }

        /** The bytes its arrays hold. */
        long bytes() {
            return 2L * in.length + Long.BYTES * ((long) fine.length + coarse.length);
        }

        /** An array of at least {@code count} bytes for the pixels in ({@link #blurPixels} reads them there). */
        byte[] pixels(int count) {
            if (in.length < count) {
                in = new byte[count];
                out = new byte[count];
            }
            return in;
        }

        /**
         * The median-filtered {@code cols x rows} pixels at the start of {@link #pixels}'s array,
         * at the start of an array of this workspace (which may be longer), for an odd aperture
         * {@code k} from 3 to {@link #MAX_APERTURE}.
         */
        byte[] blurPixels(int cols, int rows, int k) {
            blur(in, out, cols, rows, k);
            return out;
        }

        /** The median-filtered {@code cols x rows} pixels at the start of {@code src}, into the start of {@code dst}. */
        void blur(byte[] src, byte[] dst, int cols, int rows, int k) {
            if (k < 3 || k > MAX_APERTURE || k % 2 == 0) {
                throw new IllegalArgumentException("aperture must be odd, 3.." + MAX_APERTURE + ", not " + k);
            }
            long pixels = (long) cols * rows;
            if (cols < 1 || rows < 1 || pixels > src.length || pixels > dst.length) {
                throw new IllegalArgumentException(cols + "x" + rows + " pixels do not fit in " + src.length + " and " + dst.length);
            }
            this.src = src;
            this.cols = cols;
            this.rows = rows;
            this.k = k;
            this.r = k / 2;
            this.rank = (k * k + 1) / 2;
            this.padded = cols + 2 * r;
            if (coarse.length < padded) {
                fine = new long[16 * padded];
                coarse = new long[padded];
            } else {
                Arrays.fill(fine, 0, 16 * padded, 0);
                Arrays.fill(coarse, 0, padded, 0);
            }
            try {
                slideDown(dst);
            } finally {
                this.src = null;
            }
        }

        private void slideDown(byte[] dst) {
            for (int dy = -r; dy <= r; dy++) {
                int row = clamp(dy) * cols;
                slide(row, row, 0);
            }
            for (int y = 0; y < rows; y++) {
                if (y > 0) {
                    int out = clamp(y - r - 1);
                    int in = clamp(y + r);
                    if (out != in) {
                        slide(out * cols, in * cols, 1);
                    }
                }
                medianRow(dst, y * cols);
            }
        }

        private int clamp(int row) {
            return Math.min(Math.max(row, 0), rows - 1);
        }

        /**
         * Moves every column histogram down: the image row starting at {@code out} leaves ({@code
         * leaves} 1; 0 when a row is only added), the one at {@code in} comes in. The replicated
         * columns follow the edge columns.
         */
        private void slide(int out, int in, int leaves) {
            for (int column = 0; column < r; column++) {
                move(src[out] & 0xFF, src[in] & 0xFF, leaves, column);
            }
            for (int c = 0; c < cols; c++) {
                move(src[out + c] & 0xFF, src[in + c] & 0xFF, leaves, r + c);
            }
            for (int column = cols + r; column < padded; column++) {
                move(src[out + cols - 1] & 0xFF, src[in + cols - 1] & 0xFF, leaves, column);
            }
        }

        /** One column's histograms lose the value {@code gone} ({@code leaves} times) and gain {@code come}. */
        private void move(int gone, int come, long leaves, int column) {
            fine[(gone >>> 4) * padded + column] -= leaves << ((gone & 15) << 2);
            fine[(come >>> 4) * padded + column] += 1L << ((come & 15) << 2);
            coarse[column] += (PREFIX << ((come >>> 4) << 2)) - (leaves * PREFIX << ((gone >>> 4) << 2));
        }

        /**
         * The medians of one output row, from the column histograms as they stand.
         *
         * <p>The median moves from one coarse bin to another at a few pixels in a hundred, so
         * the coarse level is not searched at every pixel. Only the median's bin is followed:
         * its fine counts step with the window, how many values lie below it follows the
         * columns that come and go, and how many lie in it is the sum of its fine counts. When
         * the median's rank falls outside the bin, {@link #relocate} finds its new bin.
         */
        private void medianRow(byte[] dst, int at) {
            // The fields the loop reads, read once.
            final long[] coarse = this.coarse;
            final long[] fine = this.fine;
            final int k = this.k;
            final int rank = this.rank;
            final int cols = this.cols;
            Arrays.fill(taken, FAR_LEFT);
            int found = locate(0);
            int current = found >>> 16;
            int below = found & 0xFF;
            bringUp(current, 0);
            // The current bin's fine counts (even and odd values, a byte each), in locals.
            long fineEven = evens[current];
            long fineOdd = odds[current];
            int first = current * padded;
            // Where a column's count below the bin is: the nibble of the bin before it, none for bin 0.
            int lowerShift = (current - 1) << 2;
            long lowerMask = current == 0 ? 0 : 15;
            dst[at] = (byte) ((current << 4) + offset((fineEven + fineOdd) * ONES, fineOdd, rank - below));
            for (int x = 1; x < cols; x++) {
                long in = coarse[x + k - 1];
                long out = coarse[x - 1];
                below += (int) ((in >>> lowerShift) & lowerMask) - (int) ((out >>> lowerShift) & lowerMask);
                long fineIn = fine[first + x + k - 1];
                long fineOut = fine[first + x - 1];
                fineEven += (fineIn & NIBBLES) - (fineOut & NIBBLES);
                fineOdd += ((fineIn >>> 4) & NIBBLES) - ((fineOut >>> 4) & NIBBLES);
                int need = rank - below;
                // Running counts through each value of the bin; the last byte is the bin's count.
                long through = (fineEven + fineOdd) * ONES;
                if (Integer.compareUnsigned(need - 1, (int) (through >>> 56)) >= 0) {
                    evens[current] = fineEven;
                    odds[current] = fineOdd;
                    taken[current] = x;
                    found = relocate(x, current, below, need, (int) (through >>> 56));
                    current = found >>> 16;
                    below = found & 0xFF;
                    fineEven = evens[current];
                    fineOdd = odds[current];
                    first = current * padded;
                    lowerShift = (current - 1) << 2;
                    lowerMask = current == 0 ? 0 : 15;
                    need = rank - below;
                    through = (fineEven + fineOdd) * ONES;
                }
                dst[at + x] = (byte) ((current << 4) + offset(through, fineOdd, need));
            }
        }

        /**
         * Finds the median's bin at {@code x} once it has left bin {@code current} (whose
         * counts are {@code below} under it and {@code count} in it; {@code need} is the rank
         * left to reach from its start) and brings the new bin's fine counts up to {@code x}.
         * The bin next to it (up or down) is tried first, as the median most often moves
         * there; the coarse level is searched only when that fails. Returns {@code bin << 16 |
         * below}, as {@link #locate} does.
         */
        private int relocate(int x, int current, int below, int need, int count) {
            // need <= 0: the median lies below the bin; need > count: above it. Neither is possible at the ends.
            int next = need > 0 ? current + 1 : current - 1;
            bringUp(next, x);
            int nextCount = (int) (((evens[next] + odds[next]) * ONES) >>> 56);
            int nextBelow = need > 0 ? below + count : below - nextCount;
            if (Integer.compareUnsigned(rank - nextBelow - 1, nextCount) < 0) {
                return next << 16 | nextBelow;
            }
            int found = locate(x);
            bringUp(found >>> 16, x);
            return found;
        }

        /** Brings coarse bin {@code bin}'s window fine counts from the column where they were taken to column {@code x}. */
        private void bringUp(int bin, int x) {
            int first = bin * padded + x;
            int last = taken[bin];
            long fineEven = evens[bin];
            long fineOdd = odds[bin];
            if (x - last > r) {
                // Summing the window's k columns costs less than stepping this far.
                fineEven = 0;
                fineOdd = 0;
                for (int i = first; i < first + k; i++) {
                    fineEven += fine[i] & NIBBLES;
                    fineOdd += (fine[i] >>> 4) & NIBBLES;
                }
            } else {
                for (int i = first - (x - last); i < first; i++) {
                    long in = fine[i + k];
                    long out = fine[i];
                    fineEven += (in & NIBBLES) - (out & NIBBLES);
                    fineOdd += ((in >>> 4) & NIBBLES) - ((out >>> 4) & NIBBLES);
                }
            }
            evens[bin] = fineEven;
            odds[bin] = fineOdd;
            taken[bin] = x;
        }

        /**
         * The window at {@code x} searched at the coarse level: the median's bin, and how many
         * values the window holds below it, as {@code bin << 16 | below}.
         */
        private int locate(int x) {
            // The window's running counts through each even bin and through each odd bin, a byte each.
            long throughEven = 0;
            long throughOdd = 0;
            for (int column = x; column < x + k; column++) {
                throughEven += coarse[column] & NIBBLES;
                throughOdd += (coarse[column] >>> 4) & NIBBLES;
            }
            long rankAddend = addend(rank);
            int bin = 16 - Long.bitCount(atLeast(throughOdd, rankAddend)) - Long.bitCount(atLeast(throughEven, rankAddend));
            // The count below the bin: through the even bin before an odd one, through the odd bin before an even one.
            long before = throughOdd << 8;
            before ^= (throughEven ^ before) & -(long) (bin & 1);
            int below = (int) (before >>> ((bin >>> 1) << 3)) & 0xFF;
            return bin << 16 | below;
        }
    }

    /**
     * Where in its coarse bin the value of rank {@code need} lies, from the running counts
     * through each odd value of the bin ({@code throughOdd}, a byte each) and the counts of
     * its odd values.
     */
    private static int offset(long throughOdd, long fineOdd, int need) {
        long needAddend = addend(need);
        long throughEven = throughOdd - fineOdd;
        return 16 - Long.bitCount(atLeast(throughOdd, needAddend)) - Long.bitCount(atLeast(throughEven, needAddend));
    }

    /** What to add to a byte so that it carries out of the byte exactly when it is at least {@code threshold} (1..255). */
    private static long addend(int threshold) {
        return (256 - threshold) * ONES;
    }

    /** The high bit of every byte of {@code counts} that, plus the byte of {@code addend}, carries out of the byte. */
    private static long atLeast(long counts, long addend) {
        long low = (counts & LOW7) + (addend & LOW7);
        return ((counts & addend) | ((counts | addend) & low)) & HIGH;
    }
}
