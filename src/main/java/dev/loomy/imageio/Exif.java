package dev.loomy.imageio;

/**
 * The EXIF orientation of a JPEG, as far as it matters to decoding: {@code imdecode} turns an
 * image whose EXIF says it is rotated or mirrored upright, and TurboJPEG does not, so such a file
 * is left to OpenCV. Only the segments before the first scan are looked at, as OpenCV does.
 */
final class Exif {

    private static final int APP1 = 0xE1;
    private static final int SOS = 0xDA;
    private static final int ORIENTATION_TAG = 0x0112;

    private Exif() {
    }

    /**
     * Whether the JPEG in {@code b} is upright as stored: it has no EXIF orientation, or
     * orientation 1. An EXIF block that cannot be read counts as not upright, so that OpenCV,
     * whose reading the decoded pixels must match, decides.
     */
    static boolean upright(EncodedBytes b) {
        int i = 2;
        while (i + 4 <= b.length()) {
            if (b.get(i) != (byte) 0xFF) {
                // Stray bytes between segments: whatever OpenCV makes of them, let it decide.
                return false;
            }
            int marker = b.get(i + 1) & 0xFF;
            if (marker == 0xFF) {
                i++;
                continue;
            }
            if (marker == SOS || marker == 0xD9) {
                return true;
            }
            int length = u16(b, i + 2, true);
            if (marker == APP1 && length >= 8 && i + 2 + length <= b.length() && "Exif\0\0".equals(b.text(i + 4, 6))) {
                return orientation(b, i + 10, i + 2 + length) == 1;
            }
            i += 2 + length;
        }
        return true;
    }

    /** The orientation in IFD0 of the TIFF structure in {@code [tiff, end)}: 1 when absent, 0 when unreadable. */
    private static int orientation(EncodedBytes b, int tiff, int end) {
        if (tiff + 8 > end) {
            return 0;
        }
        String order = b.text(tiff, 2);
        if (!order.equals("II") && !order.equals("MM")) {
            return 0;
        }
        boolean big = order.equals("MM");
        long ifd = tiff + u32(b, tiff + 4, big);
        if (ifd + 2 > end) {
            return 0;
        }
        int entries = u16(b, (int) ifd, big);
        for (int k = 0; k < entries; k++) {
            int entry = (int) ifd + 2 + 12 * k;
            if (entry + 12 > end) {
                return 0;
            }
            if (u16(b, entry, big) == ORIENTATION_TAG) {
                // A SHORT, left-justified in the 4-byte value field.
                return u16(b, entry + 8, big);
            }
        }
        return 1;
    }

    private static int u16(EncodedBytes b, int i, boolean big) {
        int first = b.get(i) & 0xFF;
        int second = b.get(i + 1) & 0xFF;
        return big ? first << 8 | second : second << 8 | first;
    }

    private static long u32(EncodedBytes b, int i, boolean big) {
        long high = u16(b, big ? i : i + 2, big);
        long low = u16(b, big ? i + 2 : i, big);
        return high << 16 | low;
    }
}
