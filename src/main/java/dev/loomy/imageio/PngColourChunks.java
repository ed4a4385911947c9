package dev.loomy.imageio;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

import org.opencv.core.Mat;

/**
 * A PNG's colour chunks (iCCP, sRGB, gAMA, cHRM), taken out of the bytes the decoder sees.
 * OpenCV applies neither gamma nor profile, so the pixels do not change; but libpng checks each
 * of these chunks and prints its own warning when it dislikes one ({@code libpng warning: iCCP:
 * too short}): without the file's name, whatever {@code --quiet}. loomy checks them itself, as
 * libpng does in the main, and says what is wrong in its one line naming the file.
 */
final class PngColourChunks {

    private static final Set<String> TYPES = Set.of("iCCP", "sRGB", "gAMA", "cHRM");
    /** A profile's header: its size, then the fields up to its tag count. */
    private static final int ICC_HEADER = 132;
    /** libpng's own limit on a chunk's inflated size. */
    private static final long MAX_PROFILE = 8_000_000;
    /** How much is moved at a time when the start of the file moves over a chunk. */
    private static final int BLOCK = 64 * 1024;

    /**
     * @param offset   where in the buffer the PNG now begins: it runs to the buffer's end
     * @param problems what is wrong with the colour chunks taken out, in one line, or null when nothing
     */
    record Stripped(int offset, String problems) {
    }

    private PngColourChunks() {
    }

    /** Takes the colour chunks out of the whole PNG in {@code encoded} (walked by {@link FormatCheck}), in place. */
    static Stripped strip(Mat encoded) {
        // A PNG's numbers are big-endian, whatever order the native view was given.
        ByteBuffer b = NativeBytes.view(encoded, 0, encoded.total()).order(ByteOrder.BIG_ENDIAN);
        List<int[]> taken = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        for (int i = 8; i + 8 <= b.capacity(); ) {
            int length = b.getInt(i);
            String type = new String(new byte[] {b.get(i + 4), b.get(i + 5), b.get(i + 6), b.get(i + 7)},
                    StandardCharsets.ISO_8859_1);
            if (type.equals("IEND")) {
                break;
            }
            if (TYPES.contains(type)) {
                String problem = problem(type, b.slice(i + 8, length));
                if (problem != null) {
                    problems.add(type + ": " + problem);
                }
                taken.add(new int[] {i, 12 + length});
            }
            i += 12 + length;
        }
        // The colour chunks come before the image data: what lies before the last of them (the
        // signature, the header, a few small chunks) moves back over them, not the data after it.
        int end = taken.isEmpty() ? 8 : taken.getLast()[0] + taken.getLast()[1];
        for (int k = taken.size() - 1; k >= 0; k--) {
            int from = k == 0 ? 0 : taken.get(k - 1)[0] + taken.get(k - 1)[1];
            int to = taken.get(k)[0];
            end = moveBack(b, from, to, end);
        }
        int offset = taken.isEmpty() ? 0 : end;
        return new Stripped(offset, problems.isEmpty() ? null : String.join("; ", problems));
    }

    /** Moves bytes {@code from} to {@code to} up so that they end at {@code end} (never below {@code to}); returns where they begin. */
    private static int moveBack(ByteBuffer b, int from, int to, int end) {
        byte[] block = new byte[Math.min(BLOCK, Math.max(0, to - from))];
        for (int at = to; at > from; ) {
            int count = Math.min(block.length, at - from);
            at -= count;
            end -= count;
            // Read before written: each block lands above where the next is read.
            b.get(at, block, 0, count);
            b.put(end, block, 0, count);
        }
        return end;
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
