package dev.loomy.imageio;

/** The formats loomy reads, recognised by their first bytes, whatever the file is called. */
enum ImageFormat {
    JPEG("JPEG"), PNG("PNG"), BMP("BMP"), TIFF("TIFF"), WEBP("WebP");

    private final String label;

    ImageFormat(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /** The format whose signature {@code bytes} start with, or null. */
    static ImageFormat of(byte[] bytes) {
        if (startsWith(bytes, 0xFF, 0xD8, 0xFF)) {
            return JPEG;
        }
        if (startsWith(bytes, 0x89, 'P', 'N', 'G', 0x0D, 0x0A, 0x1A, 0x0A)) {
            return PNG;
        }
        if (startsWith(bytes, 'B', 'M')) {
            return BMP;
        }
        // Classic TIFF (42) and BigTIFF (43), little- or big-endian.
        if (startsWith(bytes, 'I', 'I', 42, 0) || startsWith(bytes, 'M', 'M', 0, 42)
                || startsWith(bytes, 'I', 'I', 43, 0) || startsWith(bytes, 'M', 'M', 0, 43)) {
            return TIFF;
        }
        if (startsWith(bytes, 'R', 'I', 'F', 'F') && bytes.length >= 12
                && bytes[8] == 'W' && bytes[9] == 'E' && bytes[10] == 'B' && bytes[11] == 'P') {
            return WEBP;
        }
        return null;
    }

    private static boolean startsWith(byte[] bytes, int... signature) {
        if (bytes.length < signature.length) {
            return false;
        }
        for (int i = 0; i < signature.length; i++) {
            if ((bytes[i] & 0xFF) != signature[i]) {
                return false;
            }
        }
        return true;
    }
}
