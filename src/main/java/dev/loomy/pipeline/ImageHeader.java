package dev.loomy.pipeline;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;

/**
 * What an image file says about its size before it is decoded: its length in bytes and, when
 * its header can be read, its width and height (0 when unknown).
 */
public record ImageHeader(long bytes, int width, int height) {

    /**
     * Assumed pixels per file byte when the header cannot be read: a 24-bit image compressed
     * 12:1, a little more than a high-quality JPEG photo. Such a file rarely decodes anyway.
     */
    static final int PIXELS_PER_BYTE_GUESS = 4;

    public boolean sizeKnown() {
        return width > 0 && height > 0;
    }

    /** Width times height, or a guess from the file's length when the header could not be read. */
    public long pixels() {
        return sizeKnown() ? (long) width * height : bytes * PIXELS_PER_BYTE_GUESS;
    }

    public String dimensions() {
        return sizeKnown() ? width + "x" + height : "size unknown";
    }

    /**
     * Reads {@code file}'s header without decoding it: javax.imageio's readers for JPEG, PNG,
     * BMP and TIFF, which parse only the header for a width and height; loomy's own look at
     * the RIFF header for WebP, which the JDK has no reader for. Never throws: a file that is
     * not a regular file, or whose header cannot be read, gets what is known (the reason is
     * found and reported when the image is read).
     */
    static ImageHeader probe(Path file) {
        long bytes;
        try {
            bytes = SourceFile.size(file);
        } catch (ImageException e) {
            return new ImageHeader(0, 0, 0);
        }
        try (ImageInputStream in = ImageIO.createImageInputStream(file.toFile())) {
            Iterator<javax.imageio.ImageReader> readers = in == null ? null : ImageIO.getImageReaders(in);
            if (readers != null && readers.hasNext()) {
                javax.imageio.ImageReader reader = readers.next();
                try {
                    reader.setInput(in, true, true);
                    return new ImageHeader(bytes, reader.getWidth(0), reader.getHeight(0));
                } finally {
                    reader.dispose();
                }
            }
            return webp(file, bytes);
        } catch (IOException | RuntimeException e) {
            return new ImageHeader(bytes, 0, 0);
        }
    }

    /** WebP's three kinds (lossy VP8, lossless VP8L, extended VP8X) each keep the size near the start. */
    private static ImageHeader webp(Path file, long bytes) throws IOException {
        byte[] b = new byte[30];
        int n;
        try (InputStream in = Files.newInputStream(file)) {
            n = in.readNBytes(b, 0, b.length);
        }
        if (n < 30 || !"RIFF".equals(ascii(b, 0)) || !"WEBP".equals(ascii(b, 8))) {
            return new ImageHeader(bytes, 0, 0);
        }
        return switch (ascii(b, 12)) {
            case "VP8X" -> new ImageHeader(bytes, 1 + u24(b, 24), 1 + u24(b, 27));
            case "VP8L" -> {
                long bits = (b[21] & 0xFFL) | (b[22] & 0xFFL) << 8 | (b[23] & 0xFFL) << 16 | (b[24] & 0xFFL) << 24;
                yield new ImageHeader(bytes, 1 + (int) (bits & 0x3FFF), 1 + (int) (bits >> 14 & 0x3FFF));
            }
            case "VP8 " -> new ImageHeader(bytes, u16(b, 26) & 0x3FFF, u16(b, 28) & 0x3FFF);
            default -> new ImageHeader(bytes, 0, 0);
        };
    }

    private static String ascii(byte[] b, int at) {
        return new String(b, at, 4, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    private static int u16(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8;
    }

    private static int u24(byte[] b, int at) {
        return (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16;
    }
}
