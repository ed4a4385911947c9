package dev.loomy.imageio;

/**
 * The EXIF orientation of an image, as far as it matters to decoding and to the metadata
 * kept: {@code imdecode} turns an image whose EXIF says it is rotated or mirrored upright,
 * and TurboJPEG does not, so such a file is left to OpenCV; an output that keeps the EXIF
 * then says it is upright ({@link #resetOrientation}). Only the segments before the first
 * scan are looked at, as OpenCV does.
 */
final class Exif {

    private static final int APP1 = 0xE1;
    private static final int SOS = 0xDA;
    private static final int ORIENTATION_TAG = 0x0112;
    /** What {@link #orientationAt} returns for an IFD0 without orientation, and for one that cannot be read. */
    private static final int ABSENT = -1;
    private static final int UNREADABLE = -2;

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

    /**
     * Sets the orientation in IFD0 of the TIFF structure in {@code [tiff, end)} of {@code bytes} to 1
     * (upright) where it is one of the 7 others, which the decoder applied to the pixels.
     *
     * @return whether it was changed
     */
    static boolean resetOrientation(byte[] bytes, int tiff, int end) {
        EncodedBytes b = EncodedBytes.of(bytes);
        int at = orientationAt(b, tiff, end);
        if (at < 0) {
            return false;
        }
        int orientation = u16(b, at, bigEndian(b, tiff));
        if (orientation < 2 || orientation > 8) {
            return false;
        }
        bytes[at] = (byte) (bigEndian(b, tiff) ? 0 : 1);
        bytes[at + 1] = (byte) (bigEndian(b, tiff) ? 1 : 0);
        return true;
    }

    /** The orientation in IFD0 of the TIFF structure in {@code [tiff, end)}: 1 when absent, 0 when unreadable. */
    private static int orientation(EncodedBytes b, int tiff, int end) {
        int at = orientationAt(b, tiff, end);
        return at == ABSENT ? 1 : at == UNREADABLE ? 0 : u16(b, at, bigEndian(b, tiff));
    }

    /** Where the orientation's value lies in IFD0 of the TIFF structure in {@code [tiff, end)}, or ABSENT, or UNREADABLE. */
    private static int orientationAt(EncodedBytes b, int tiff, int end) {
        if (tiff + 8 > end) {
            return UNREADABLE;
        }
        String order = b.text(tiff, 2);
        if (!order.equals("II") && !order.equals("MM")) {
            return UNREADABLE;
        }
        boolean big = bigEndian(b, tiff);
        long ifd = tiff + u32(b, tiff + 4, big);
        if (ifd + 2 > end) {
            return UNREADABLE;
        }
        int entries = u16(b, (int) ifd, big);
        for (int k = 0; k < entries; k++) {
            int entry = (int) ifd + 2 + 12 * k;
            if (entry + 12 > end) {
                return UNREADABLE;
            }
            if (u16(b, entry, big) == ORIENTATION_TAG) {
                // A SHORT, left-justified in the 4-byte value field.
                return entry + 8;
            }
        }
        return ABSENT;
    }

    private static boolean bigEndian(EncodedBytes b, int tiff) {
        return b.get(tiff) == 'M';
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
