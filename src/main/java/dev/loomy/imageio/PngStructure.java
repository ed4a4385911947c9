package dev.loomy.imageio;

import java.util.Set;

/**
 * What libpng refuses in a PNG's critical chunks (IHDR, PLTE, IDAT, IEND) and their order, found
 * as {@link FormatCheck} walks the chunks, so that such a file is loomy's one line naming it:
 * libpng refuses it too, but first prints its own lines ({@code libpng error: IHDR: out of place}),
 * without the file's name. What libpng only ignores, with a warning (a palette out of place or in
 * a gray image, an IEND with data), {@link PngChunks} takes out of libpng's sight instead. The data
 * itself is not inflated, only its zlib header checked: that would cost as much as decoding it.
 */
final class PngStructure {

    private static final Set<String> CRITICAL = Set.of("IHDR", "PLTE", "IDAT", "IEND");
    private static final int PALETTE = 3;
    /** libpng's default limit on a side (PNG_USER_WIDTH_MAX and _HEIGHT_MAX), below OpenCV's. */
    static final long MAX_SIDE = 1_000_000;

    private int colourType = -1;
    private boolean palette;
    private boolean data;
    /** A chunk came after the image data: more data then would be split. */
    private boolean afterData;

    /** What is wrong with the chunk {@code type} of {@code length} bytes at {@code at}, or null. */
    String chunk(EncodedBytes b, String type, int at, int length) {
        if ((type.charAt(0) & 0x20) == 0 && !CRITICAL.contains(type)) {
            return "an unknown critical chunk " + type + " at byte " + at;
        }
        if (data && !type.equals("IDAT")) {
            afterData = true;
        }
        return switch (type) {
            case "IHDR" -> colourType >= 0 ? "a second IHDR chunk at byte " + at : header(b, at + 8, length);
            case "PLTE" -> palette(at, length);
            case "IDAT" -> data(b, at, length);
            case "IEND" -> data ? null : "no image data (IDAT) before its IEND chunk";
            default -> null;
        };
    }

    /** IHDR's fields, as libpng's png_check_IHDR checks them. */
    private String header(EncodedBytes b, int from, int length) {
        if (length != 13) {
            return "an IHDR chunk of " + length + " bytes, not 13";
        }
        long width = FormatCheck.u32(b, from);
        long height = FormatCheck.u32(b, from + 4);
        int depth = b.get(from + 8) & 0xFF;
        colourType = b.get(from + 9) & 0xFF;
        if (width > MAX_SIDE || height > MAX_SIDE) {
            return "its header announces a " + width + "x" + height + " image, more than libpng's limit of "
                    + MAX_SIDE + " pixels a side";
        }
        if (depth != 1 && depth != 2 && depth != 4 && depth != 8 && depth != 16) {
            return "its header has a bit depth of " + depth;
        }
        if (colourType == 1 || colourType == 5 || colourType > 6) {
            return "its header has an unknown colour type " + colourType;
        }
        if (colourType == PALETTE ? depth > 8 : colourType != 0 && depth < 8) {
            return "its header has colour type " + colourType + " with a bit depth of " + depth;
        }
        String[] fields = {"compression method", "filter method", "interlace method"};
        for (int i = 0; i < fields.length; i++) {
            int value = b.get(from + 10 + i) & 0xFF;
            if (value != 0 && !(i == 2 && value == 1)) {
                return "its header has an unknown " + fields[i] + " " + value;
            }
        }
        return null;
    }

    /** libpng refuses a second palette, an empty one, and an image of palette colours without a whole one. */
    private String palette(int at, int length) {
        if (palette) {
            return "a second PLTE chunk at byte " + at;
        }
        if (data) {
            // Out of place: libpng ignores it (PngChunks), and it counts for nothing.
            return null;
        }
        palette = true;
        boolean colour = (colourType & 2) != 0;
        // An empty one libpng refuses in any image of colours, though it only ignores other bad lengths in truecolour.
        if (colour && length == 0 || colourType == PALETTE && (length > 3 * 256 || length % 3 != 0)) {
            return "a palette (PLTE) of " + length + " bytes";
        }
        return null;
    }

    private String data(EncodedBytes b, int at, int length) {
        if (colourType == PALETTE && !palette) {
            return "an image of palette colours without a palette (PLTE) before its data";
        }
        if (afterData) {
            return "its image data (IDAT) is split by another chunk, before byte " + at;
        }
        // The zlib stream's header (RFC 1950): deflate, a window of at most 32 KiB, no preset dictionary.
        if (!data && length >= 2) {
            int method = b.get(at + 8) & 0xFF;
            int flags = b.get(at + 9) & 0xFF;
            if ((method & 0x0F) != 8 || method >> 4 > 7 || (method << 8 | flags) % 31 != 0 || (flags & 0x20) != 0) {
                return "its image data (IDAT) is not a zlib stream";
            }
        }
        data = true;
        return null;
    }
}
