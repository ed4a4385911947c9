package dev.loomy.imageio;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32;

/**
 * Checks that an image file's bytes are a whole image of a known format before they are
 * decoded, and tells a damaged image that can still be decoded from one that cannot.
 *
 * <p>The decoders behind OpenCV are lenient or noisy: libjpeg decodes a JPEG that was cut
 * short, fills in the missing part and returns an image as if nothing happened;
 * libpng and OpenCV's BMP reader refuse a cut file but first print their own error line on
 * standard error. Walking the file's structure finds the cut without decoding, so that loomy
 * reports it in its own single line. A JPEG cut after its image data began is decoded all
 * the same (as ImageMagick and libvips do): the check returns what is wrong, as a warning.
 * Any other cut or corruption it finds is a failure: PNG, BMP, TIFF and WebP cut short do
 * not decode in OpenCV at all.
 */
final class FormatCheck {

    /**
     * A file whose structure was walked.
     *
     * @param damage what is wrong with an image that can be decoded all the same, or null when it is whole
     */
    record Verdict(ImageFormat format, String damage) {
    }

    private FormatCheck() {
    }

    /** The format of {@code bytes} and their damage, or an exception saying why they are not a decodable image. */
    static Verdict check(Path file, byte[] bytes) throws ImageException {
        return check(file, EncodedBytes.of(bytes));
    }

    /** As {@link #check(Path, byte[])}, for bytes that may lie in native memory. */
    static Verdict check(Path file, EncodedBytes bytes) throws ImageException {
        return check(file, bytes, Parts.IGNORED);
    }

    /**
     * What the walk finds, as it finds it whole: each segment before a JPEG's first scan, each PNG
     * chunk whose CRC is right. Those of a file that then fails the check are told too.
     */
    interface Parts {

        Parts IGNORED = new Parts() {
            @Override
            public void jpegSegment(EncodedBytes b, int marker, int from, int length) {
            }

            @Override
            public void pngChunk(EncodedBytes b, String type, int from, int length) {
            }
        };

        /** The segment of {@code length} bytes from {@code from}, its marker included. */
        void jpegSegment(EncodedBytes b, int marker, int from, int length);

        /** The chunk of {@code length} bytes from {@code from}, its length, type and CRC included. */
        void pngChunk(EncodedBytes b, String type, int from, int length);
    }

    /** As {@link #check(Path, EncodedBytes)}, telling {@code parts} of the segments or chunks walked. */
    static Verdict check(Path file, EncodedBytes bytes, Parts parts) throws ImageException {
        if (bytes.length() == 0) {
            throw new ImageException(file, "empty file (0 bytes)");
        }
        byte[] head = new byte[Math.min(bytes.length(), 16)];
        for (int i = 0; i < head.length; i++) {
            head[i] = bytes.get(i);
        }
        ImageFormat format = ImageFormat.of(head);
        if (format == null) {
            throw new ImageException(file, "not an image: the content is not JPEG, PNG, BMP, TIFF or WebP");
        }
        Walk walk = switch (format) {
            case JPEG -> jpeg(bytes, parts);
            case PNG -> Walk.failing(png(bytes, parts));
            case BMP -> Walk.failing(bmp(bytes));
            case TIFF -> Walk.failing(tiff(bytes));
            case WEBP -> Walk.failing(webp(bytes));
        };
        if (walk.problem() != null && !walk.decodable()) {
            throw new ImageException(file, walk.problem());
        }
        return new Verdict(format, walk.problem());
    }

    /**
     * What walking a file's structure found.
     *
     * @param problem   what is wrong, or null when the image is whole
     * @param decodable whether the decoder gets past the problem
     */
    record Walk(String problem, boolean decodable) {

        static final Walk WHOLE = new Walk(null, true);

        /** A problem, if any, that no decoder gets past. */
        static Walk failing(String problem) {
            return problem == null ? WHOLE : new Walk(problem, false);
        }
    }

    /**
     * Follows the JPEG's markers from SOI to EOI: segments by their length, entropy-coded
     * data up to the next marker. Data after EOI (padding, a second picture) is ignored, as
     * decoders do. A JPEG cut after a scan's header is decodable: the decoder fills in
     * what is missing (in OpenCV 4.9, by repeating the last row it decoded).
     */
    static Walk jpeg(EncodedBytes b, Parts parts) {
        int i = 2;
        // Set once a scan's header is whole: from there on, a cut leaves a decodable image.
        boolean scanBegun = false;
        while (true) {
            // Decoders skip stray bytes before a marker; so does this walk.
            while (i < b.length() && b.get(i) != (byte) 0xFF) {
                i++;
            }
            while (i < b.length() && b.get(i) == (byte) 0xFF) {
                i++;
            }
            if (i >= b.length()) {
                return jpegTruncated(b, scanBegun);
            }
            int marker = b.get(i++) & 0xFF;
            if (marker == 0xD9) {
                return Walk.WHOLE;
            }
            if (marker == 0x00 || marker == 0x01 || marker == 0xD8 || (marker >= 0xD0 && marker <= 0xD7)) {
                continue;
            }
            if (i + 2 > b.length()) {
                return jpegTruncated(b, scanBegun);
            }
            int length = u16(b, i);
            if (length < 2) {
                return new Walk("corrupt JPEG: a segment with length " + length + " at byte " + i, false);
            }
            i += length;
            if (i > b.length()) {
                return jpegTruncated(b, scanBegun);
            }
            if (!scanBegun && marker != 0xDA) {
                parts.jpegSegment(b, marker, i - length - 2, length + 2);
            }
            if (marker == 0xDA) {
                scanBegun = true;
                i = endOfScan(b, i);
            }
        }
    }

    /** How many bytes of a scan are looked at per bulk copy. */
    private static final int SCAN_CHUNK = 8192;

    /**
     * The index of the marker that ends the entropy-coded data from {@code i}, or the length when none
     * does. The bytes are copied a chunk at a time and each 0xFF found with a Latin-1 string's
     * {@code indexOf}: a loop of loomy's own over every byte runs interpreted for the first images of a
     * run (a photo's scan is tens of kilobytes), while the JDK's search is compiled, and vectorised, from
     * the start. Only the bytes after an 0xFF are looked at here.
     */
    private static int endOfScan(EncodedBytes b, int i) {
        int length = b.length();
        byte[] chunk = new byte[Math.min(SCAN_CHUNK, Math.max(2, length - i))];
        String text = "";
        int start = i;
        int end = i;
        while (i + 1 < length) {
            if (i + 1 >= end) {
                // Refill from i: both i and i + 1 are then in the chunk.
                start = i;
                end = i + Math.min(chunk.length, length - i);
                b.copy(start, chunk, end - start);
                text = new String(chunk, 0, end - start, StandardCharsets.ISO_8859_1);
            }
            int found = text.indexOf(0xFF, i - start);
            if (found < 0) {
                i = end;
                continue;
            }
            i = start + found;
            if (i + 1 >= end) {
                continue;
            }
            int next = chunk[i + 1 - start] & 0xFF;
            // FF00 is a stuffed data byte, FFD0..FFD7 a restart marker, FFFF fill: all part of the scan.
            if (next == 0x00 || (next >= 0xD0 && next <= 0xD7) || next == 0xFF) {
                i += next == 0xFF ? 1 : 2;
                continue;
            }
            return i;
        }
        return length;
    }

    private static Walk jpegTruncated(EncodedBytes b, boolean scanBegun) {
        return scanBegun
                ? new Walk("truncated: the JPEG data ends without its end-of-image marker (" + b.length() + " bytes)", true)
                : new Walk("truncated: the JPEG data ends before its image data begins (" + b.length() + " bytes)",
                        false);
    }

    /** Walks the PNG's chunks, checking each one's CRC and what libpng refuses of them ({@link PngStructure}), up to IEND. */
    static String png(EncodedBytes b, Parts parts) {
        int i = 8;
        CRC32 crc = new CRC32();
        PngStructure structure = new PngStructure();
        boolean first = true;
        while (true) {
            if (i + 8 > b.length()) {
                return pngTruncated(b);
            }
            long length = u32(b, i);
            String type = b.text(i + 4, 4);
            if (length > Integer.MAX_VALUE || !type.chars().allMatch(c -> (c | 0x20) >= 'a' && (c | 0x20) <= 'z')) {
                return "corrupt PNG: not a chunk at byte " + i;
            }
            if (first && !type.equals("IHDR")) {
                return "corrupt PNG: the first chunk is " + type + ", not IHDR";
            }
            first = false;
            if (i + 12 + length > b.length()) {
                return pngTruncated(b);
            }
            crc.reset();
            b.update(crc, i + 4, 4 + (int) length);
            if (crc.getValue() != u32(b, i + 8 + (int) length)) {
                return "corrupt PNG: CRC error in the " + type + " chunk at byte " + i;
            }
            if (type.equals("IHDR") && length >= 8) {
                // libpng refuses these itself, but first prints its own lines, without the file's name.
                long width = u32(b, i + 8);
                long height = u32(b, i + 12);
                if (width == 0 || height == 0 || width > Integer.MAX_VALUE || height > Integer.MAX_VALUE) {
                    return "corrupt PNG: its header announces a " + width + "x" + height + " image";
                }
            }
            String refused = structure.chunk(b, type, i, (int) length);
            if (refused != null) {
                return "corrupt PNG: " + refused;
            }
            parts.pngChunk(b, type, i, 12 + (int) length);
            if (type.equals("IEND")) {
                return null;
            }
            i += 12 + (int) length;
        }
    }

    private static String pngTruncated(EncodedBytes b) {
        return "truncated: the PNG data ends before its IEND chunk (" + b.length() + " bytes)";
    }

    /** An uncompressed BMP must hold every row its header announces (compressed ones are left to the decoder). */
    static String bmp(EncodedBytes b) {
        if (b.length() < 26) {
            return "truncated: the BMP header is cut short (" + b.length() + " bytes)";
        }
        long offset = u32le(b, 10);
        long headerSize = u32le(b, 14);
        long width;
        long height;
        int bits;
        long compression;
        if (headerSize == 12) {
            width = u16le(b, 18);
            height = u16le(b, 20);
            bits = u16le(b, 24);
            compression = 0;
        } else {
            if (b.length() < 34) {
                return "truncated: the BMP header is cut short (" + b.length() + " bytes)";
            }
            width = Math.abs((long) s32le(b, 18));
            height = Math.abs((long) s32le(b, 22));
            bits = u16le(b, 28);
            compression = u32le(b, 30);
        }
        if (compression != 0 && compression != 3) {
            return null;
        }
        // In double: a corrupt header's width times height may not fit in a long.
        double needed = offset + (double) ((width * bits + 31) / 32 * 4) * height;
        return b.length() < needed
                ? "truncated: the BMP pixel data needs " + (long) needed + " bytes, the file has " + b.length()
                : null;
    }

    /**
     * The RIFF header says how long a WebP file is. An animated WebP (its VP8X chunk's animation
     * flag) is refused by name: OpenCV 4.9's WebP decoder reads no frame of it, and would only
     * print its own error.
     */
    static String webp(EncodedBytes b) {
        long needed = u32le(b, 4) + 8;
        if (b.length() < needed) {
            return "truncated: the WebP header announces " + needed + " bytes, the file has " + b.length();
        }
        boolean extended = b.length() > 20 && b.get(12) == 'V' && b.get(13) == 'P' && b.get(14) == '8' && b.get(15) == 'X';
        if (extended && (b.get(20) & 0x02) != 0) {
            return "an animated WebP: OpenCV's WebP decoder reads none of its frames (convert it to a still image first)";
        }
        return null;
    }

    /** A TIFF's first directory must lie inside the file; the rest is left to the decoder. */
    static String tiff(EncodedBytes b) {
        boolean little = b.get(0) == 'I';
        boolean big = (little ? b.get(2) : b.get(3)) == 43;
        if (big) {
            return null;
        }
        if (b.length() < 8) {
            return "truncated: the TIFF header is cut short (" + b.length() + " bytes)";
        }
        long directory = little ? u32le(b, 4) : u32(b, 4);
        return directory + 2 > b.length()
                ? "truncated: the TIFF's first directory (byte " + directory + ") lies beyond its end (" + b.length() + " bytes)"
                : null;
    }

    private static int u16(EncodedBytes b, int i) {
        return (b.get(i) & 0xFF) << 8 | (b.get(i + 1) & 0xFF);
    }

    static long u32(EncodedBytes b, int i) {
        return (long) u16(b, i) << 16 | u16(b, i + 2);
    }

    private static int u16le(EncodedBytes b, int i) {
        return (b.get(i) & 0xFF) | (b.get(i + 1) & 0xFF) << 8;
    }

    private static int s32le(EncodedBytes b, int i) {
        return u16le(b, i) | u16le(b, i + 2) << 16;
    }

    private static long u32le(EncodedBytes b, int i) {
        return s32le(b, i) & 0xFFFFFFFFL;
    }
}
