package dev.loomy.imageio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.opencv.core.Mat;

/**
 * A PNG's ancillary chunks, made silent before the decoder sees the bytes. libpng checks every
 * ancillary chunk it knows and prints its own warning when it dislikes one ({@code libpng warning:
 * bKGD: invalid}): without the file's name, whatever {@code --quiet}. OpenCV uses none of them but
 * tRNS (transparency) and eXIf (the orientation): every other one is renamed, in loomy's copy of the
 * bytes, to a private chunk type that libpng skips without a word (its CRC made anew), so the pixels
 * do not change. The colour chunks (iCCP, sRGB, gAMA, cHRM) and the two kept are checked as libpng
 * would; what is wrong goes into loomy's one line naming the file, and a tRNS or eXIf that libpng
 * would ignore is renamed too, as is a palette (PLTE) libpng would ignore; an IEND's data, which
 * libpng ignores, is cut off. A chunk whose CRC is already wrong is left alone: that is damage,
 * which {@link FormatCheck} reports.
 */
final class PngChunks {

    private static final Set<String> COLOUR = Set.of("iCCP", "sRGB", "gAMA", "cHRM");
    /** Ancillary (lower case), private (lower case), reserved bit clear (upper case), safe to copy. */
    private static final byte[] SILENT = "loMy".getBytes(StandardCharsets.ISO_8859_1);
    /** A profile's header: its size, then the fields up to its tag count. */
    private static final int ICC_HEADER = 132;
    /** libpng's own limit on a chunk's inflated size. */
    private static final long MAX_PROFILE = 8_000_000;
    private static final int PALETTE = 3;

    /**
     * @param colour what is wrong with the colour chunks, in one line, or null when nothing
     * @param other  what is wrong with the tRNS and eXIf chunks (renamed, as libpng would ignore them), or null
     */
    record Checked(String colour, String other) {

        /** The one warning for the file, or null. */
        String warning() {
            List<String> parts = new ArrayList<>();
            if (colour != null) {
                parts.add("bad colour information, which loomy does not use: " + colour);
            }
            if (other != null) {
                parts.add("ignored, as libpng would: " + other);
            }
            return parts.isEmpty() ? null : String.join("; ", parts);
        }
    }

    private PngChunks() {
    }

    /** Renames the ancillary chunks of the whole PNG in {@code encoded} (walked by {@link FormatCheck}), in place. */
    static Checked quieten(Mat encoded) {
        // A PNG's numbers are big-endian, whatever order the native view was given.
        ByteBuffer b = NativeBytes.view(encoded, 0, encoded.total()).order(ByteOrder.BIG_ENDIAN);
        List<String> colour = new ArrayList<>();
        List<String> other = new ArrayList<>();
        int colourType = b.capacity() >= 26 ? b.get(25) & 0xFF : -1;
        int paletteEntries = -1;
        boolean seenData = false;
        Set<String> kept = new HashSet<>();
        for (long i = 8; i + 12 <= b.capacity(); ) {
            long length = Integer.toUnsignedLong(b.getInt((int) i));
            if (i + 12 + length > b.capacity()) {
                break;
            }
            int at = (int) i;
            String type = new String(new byte[] {b.get(at + 4), b.get(at + 5), b.get(at + 6), b.get(at + 7)},
                    StandardCharsets.ISO_8859_1);
            i += 12 + length;
            if (type.equals("IEND")) {
                if (length > 0) {
                    // libpng ignores what an IEND holds, and says so: here it holds nothing.
                    other.add("IEND: invalid");
                    b.putInt(at, 0);
                    recrc(b, at, 0);
                }
                break;
            }
            if (type.equals("PLTE")) {
                String ignored = ignoredPalette(colourType, (int) length, seenData);
                if (ignored != null) {
                    other.add("PLTE: " + ignored);
                    rename(b, at, (int) length);
                    continue;
                }
                paletteEntries = (int) (length / 3);
            }
            seenData |= type.equals("IDAT");
            if ((b.get(at + 4) & 0x20) == 0 || !crcHolds(b, at, (int) length)) {
                continue;
            }
            ByteBuffer data = b.slice(at + 8, (int) length);
            String problem;
            if (type.equals("tRNS") || type.equals("eXIf")) {
                problem = kept.add(type) ? kept(type, data, colourType, paletteEntries, seenData) : "duplicate";
                if (problem == null) {
                    continue;
                }
                other.add(type + ": " + problem);
            } else if (COLOUR.contains(type) && (problem = problem(type, data)) != null) {
                colour.add(type + ": " + problem);
            }
            rename(b, at, (int) length);
        }
        return new Checked(colour.isEmpty() ? null : String.join("; ", colour),
                other.isEmpty() ? null : String.join("; ", other));
    }

    private static boolean crcHolds(ByteBuffer b, int at, int length) {
        CRC32 crc = new CRC32();
        crc.update(b.slice(at + 4, 4 + length));
        return (int) crc.getValue() == b.getInt(at + 8 + length);
    }

    private static void rename(ByteBuffer b, int at, int length) {
        b.put(at + 4, SILENT);
        recrc(b, at, length);
    }

    private static void recrc(ByteBuffer b, int at, int length) {
        CRC32 crc = new CRC32();
        crc.update(b.slice(at + 4, 4 + length));
        b.putInt(at + 8 + length, (int) crc.getValue());
    }

    /**
     * Why libpng ignores a palette that {@link PngStructure} let through (its only one before the
     * data), or null when it uses it: after the data, in a gray image, or of a length no palette
     * has in a truecolour one (where it is only a suggestion for displays of few colours).
     */
    private static String ignoredPalette(int colourType, int length, boolean seenData) {
        if (seenData) {
            return "out of place";
        }
        if ((colourType & 2) == 0) {
            return "ignored in grayscale PNG";
        }
        return colourType != PALETTE && (length > 3 * 256 || length % 3 != 0) ? "invalid" : null;
    }

    /** What libpng would ignore a tRNS or eXIf chunk for (the first of its type), or null. */
    private static String kept(String type, ByteBuffer data, int colourType, int paletteEntries, boolean seenData) {
        int length = data.capacity();
        if (type.equals("eXIf")) {
            if (length < 2) {
                return "too short";
            }
            return exifReadable(data.get(0), data.get(1)) ? null : "incorrect byte-order specifier";
        }
        if (seenData) {
            return "out of place";
        }
        return switch (colourType) {
            case 0 -> length != 2 ? "invalid" : null;
            case 2 -> length != 6 ? "invalid" : null;
            case PALETTE -> paletteEntries < 0 ? "out of place"
                    : length == 0 || length > paletteEntries || length > 256 ? "invalid" : null;
            default -> "invalid with alpha channel";
        };
    }

    /** Whether an eXIf chunk's {@code length} bytes of data from {@code from} are what libpng takes: II or MM first. */
    static boolean exifReadable(EncodedBytes b, int from, int length) {
        return length >= 2 && exifReadable(b.get(from), b.get(from + 1));
    }

    private static boolean exifReadable(byte first, byte second) {
        return (first == 'I' || first == 'M') && second == first;
    }

    /** What libpng would dislike in a colour chunk's {@code data}, or null. */
    static String problem(String type, ByteBuffer data) {
        return switch (type) {
            case "gAMA" -> data.capacity() != 4 ? "a length of " + data.capacity() + ", not 4"
                    : gamma(Integer.toUnsignedLong(data.getInt(0)));
            case "sRGB" -> data.capacity() != 1 ? "a length of " + data.capacity() + ", not 1"
                    : (data.get(0) & 0xFF) > 3 ? "unknown rendering intent " + (data.get(0) & 0xFF) : null;
            case "cHRM" -> data.capacity() != 32 ? "a length of " + data.capacity() + ", not 32" : null;
            default -> profile(data);
        };
    }

    /** libpng's range: a gamma of 0.00016 to 6250, times 100,000. */
    private static String gamma(long value) {
        return value < 16 || value > 625_000_000 ? "gamma value out of range (" + value + ")" : null;
    }

    /** An iCCP chunk: a keyword, a NUL, compression method 0, then the profile, deflated. */
    private static String profile(ByteBuffer data) {
        int nul = 0;
        while (nul < data.capacity() && nul < 80 && data.get(nul) != 0) {
            nul++;
        }
        if (nul == 0 || nul >= 80 || nul + 1 >= data.capacity()) {
            return "bad keyword";
        }
        if (data.get(nul + 1) != 0) {
            return "unknown compression method " + (data.get(nul + 1) & 0xFF);
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(data.slice(nul + 2, data.capacity() - nul - 2));
            byte[] header = new byte[ICC_HEADER];
            int got = inflateFully(inflater, header);
            long declared = got >= 4 ? Integer.toUnsignedLong(ByteBuffer.wrap(header).getInt(0)) : 0;
            if (got < ICC_HEADER || declared < ICC_HEADER) {
                return "profile too short (" + Math.min(got, declared) + " bytes)";
            }
            if (declared > MAX_PROFILE) {
                return "profile of " + declared + " bytes, beyond libpng's limit";
            }
            // A profile for other colours than the image's (CMYK on RGB) libpng dislikes too; loomy leaves
            // such a profile out of its outputs already (Metadata), which says all there is to say.
            if (!new String(header, 36, 4, StandardCharsets.ISO_8859_1).equals("acsp")) {
                return "not an ICC profile (no 'acsp' signature)";
            }
            long total = got;
            byte[] rest = new byte[8192];
            while (total <= declared) {
                int more = inflateFully(inflater, rest);
                total += more;
                if (more < rest.length) {
                    break;
                }
            }
            return total != declared ? "the profile is " + total + " bytes, its header says " + declared : null;
        } catch (DataFormatException e) {
            return "the profile does not inflate (" + e.getMessage() + ")";
        } finally {
            inflater.end();
        }
    }

    /** Inflates into {@code into} until it is full or the data ends; how many bytes it got. */
    private static int inflateFully(Inflater inflater, byte[] into) throws DataFormatException {
        int got = 0;
        while (got < into.length && !inflater.finished()) {
            int n = inflater.inflate(into, got, into.length - got);
            if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                break;
            }
            got += n;
        }
        return got;
    }
}
