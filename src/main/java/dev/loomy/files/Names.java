package dev.loomy.files;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A path as it may be shown on a terminal: a name is any bytes but '/' and NUL, and a
 * newline or an escape sequence in one would break the one-line-per-problem rule or
 * drive the terminal. Control and bidirectional-override characters are shown as
 * {@code \n}, {@code \t}, {@code \x1B} or {@code \u202E}, and bytes that are not UTF-8
 * as {@code \xFF}; every other path is shown as it is.
 */
public final class Names {

    private Names() {
    }

    public static String shown(Path path) {
        String text = String.valueOf(path);
        if (path == null || text.codePoints().noneMatch(c -> c == 0xFFFD || needsEscape(c))) {
            return text;
        }
        return escape(bytes(path));
    }

    /**
     * {@code text} (a name read back from a file, a filter's name, an option's value) as it may be
     * shown on a terminal or in a row of a table: its control and bidirectional-override
     * characters escaped as a path's are; null stays null.
     */
    public static String shown(String text) {
        if (text == null || text.codePoints().noneMatch(Names::needsEscape)) {
            return text;
        }
        return escape(text.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The bytes of {@code path}'s name as the file system has them: its text decodes them lossily
     * where they are not UTF-8, so that two names may read the same.
     */
    public static byte[] bytes(Path path) {
        String text = path.toString();
        byte[] raw = text.indexOf(0xFFFD) >= 0 ? rawBytes(path) : null;
        return raw != null ? raw : text.getBytes(StandardCharsets.UTF_8);
    }

    /** Shows {@code bytes}, UTF-8 where they are, escaped where they are not or where a character is unsafe. */
    static String escape(byte[] bytes) {
        StringBuilder shown = new StringBuilder(bytes.length + 8);
        int i = 0;
        while (i < bytes.length) {
            int length = sequenceLength(bytes, i);
            if (length == 0) {
                shown.append(String.format("\\x%02X", bytes[i] & 0xFF));
                i++;
                continue;
            }
            int c = new String(bytes, i, length, StandardCharsets.UTF_8).codePointAt(0);
            i += length;
            if (!needsEscape(c)) {
                shown.appendCodePoint(c);
            } else if (c == '\n') {
                shown.append("\\n");
            } else if (c == '\t') {
                shown.append("\\t");
            } else if (c == '\r') {
                shown.append("\\r");
            } else {
                shown.append(c < 0x80 ? String.format("\\x%02X", c) : String.format("\\u%04X", c));
            }
        }
        return shown.toString();
    }

    /** Whether {@code c} would act on a terminal (or break a line) rather than be shown. */
    public static boolean needsEscape(int c) {
        return Character.getType(c) == Character.CONTROL || c == 0x2028 || c == 0x2029
                || c >= 0x202A && c <= 0x202E || c >= 0x2066 && c <= 0x2069;
    }

    /** The length of the well-formed UTF-8 sequence at {@code i}, or 0 when there is none. */
    private static int sequenceLength(byte[] bytes, int i) {
        int lead = bytes[i] & 0xFF;
        int length;
        int min;
        if (lead < 0x80) {
            return 1;
        } else if (lead >= 0xC2 && lead <= 0xDF) {
            length = 2;
            min = 0x80;
        } else if (lead >= 0xE0 && lead <= 0xEF) {
            length = 3;
            min = 0x800;
        } else if (lead >= 0xF0 && lead <= 0xF4) {
            length = 4;
            min = 0x10000;
        } else {
            return 0;
        }
        if (i + length > bytes.length) {
            return 0;
        }
        int c = lead & (0xFF >> (length + 1));
        for (int k = 1; k < length; k++) {
            int next = bytes[i + k] & 0xFF;
            if ((next & 0xC0) != 0x80) {
                return 0;
            }
            c = c << 6 | next & 0x3F;
        }
        boolean surrogate = c >= 0xD800 && c <= 0xDFFF;
        return c < min || c > 0x10FFFF || surrogate ? 0 : length;
    }

    /**
     * The bytes of {@code path} as the file system has them. A name that is not valid in the
     * platform's charset keeps its bytes inside the Path; its URI, which percent-encodes
     * every byte beyond ASCII, is the one public way to see them.
     */
    private static byte[] rawBytes(Path path) {
        try {
            byte[] absolute = percentDecoded(path.toAbsolutePath().toUri().getRawPath());
            // A folder's URI ends with '/', which its path does not.
            int end = absolute.length > 1 && absolute[absolute.length - 1] == '/' ? absolute.length - 1 : absolute.length;
            int start = 0;
            if (!path.isAbsolute()) {
                byte[] base = percentDecoded(Path.of("").toAbsolutePath().toUri().getRawPath());
                start = base[base.length - 1] == '/' ? base.length : base.length + 1;
            }
            if (start > end) {
                return null;
            }
            byte[] result = new byte[end - start];
            System.arraycopy(absolute, start, result, 0, result.length);
            return result;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static byte[] percentDecoded(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%' && i + 2 < raw.length()) {
                bytes.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                bytes.write(c);
            }
        }
        return bytes.toByteArray();
    }
}
