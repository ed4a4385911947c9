package dev.loomy.imageio;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Inflater;

/**
 * An input's EXIF, ICC profile and XMP as the input holds them, whole JPEG segments or PNG
 * chunks, to go into its output when that is of the same format ({@code --keep-metadata}). They
 * are copied byte for byte, with one change: an EXIF orientation that the decoder applied to
 * the pixels (OpenCV turns such an image upright) is set to 1, upright, so that a viewer does
 * not turn the output a second time.
 *
 * <p>The parts are found by the walk that checks every file ({@link FormatCheck}), so keeping them
 * costs no second walk; they are copied, never decoded: a compressed PNG profile is inflated by
 * its first 20 bytes only, to learn its colour space. A profile for other colours than the
 * output's (a CMYK profile, a gray one on a colour image) is left out: it would misdescribe them.
 */
public final class Metadata {

    /** Nothing to keep. */
    public static final Metadata NONE = new Metadata(null, List.of(), null);

    /**
     * At most this many bytes of an image's metadata are kept: as many as the chunk the image's
     * file was read through, which the image no longer needs when it is read. EXIF in a JPEG is at
     * most 64 KiB; an ICC profile rarely more than a few hundred.
     */
    static final int MAX_BYTES = SourceFile.CHUNK;

    /** The kinds of metadata kept. */
    enum Kind { EXIF, ICC, XMP }

    /** One segment or chunk, whole. */
    record Part(Kind kind, byte[] bytes) {
    }

    /** After the PNG signature and the IHDR chunk, always the first and 13 bytes long. */
    private static final int PNG_AFTER_IHDR = 8 + 12 + 13;

    private final ImageFormat format;
    private final List<Part> parts;
    /** The ICC profile's colour space ({@code "RGB "}, {@code "GRAY"}, ...), or null when unknown. */
    private final String iccSpace;

    private Metadata(ImageFormat format, List<Part> parts, String iccSpace) {
        this.format = format;
        this.parts = List.copyOf(parts);
        this.iccSpace = iccSpace;
    }

    List<Part> parts() {
        return parts;
    }

    /**
     * {@code encoded}, an image of {@code channels} channels, with the parts that suit it inserted
     * where its format has them (a JPEG: after its JFIF segment; a PNG: after IHDR), as the
     * buffers to write in turn; null when none go in: none kept, or the output has another format.
     */
    List<ByteBuffer> into(ByteBuffer encoded, int channels) {
        if (parts.isEmpty() || encoded.remaining() < PNG_AFTER_IHDR) {
            return null;
        }
        byte[] head = new byte[16];
        encoded.get(encoded.position(), head);
        if (ImageFormat.of(head) != format) {
            return null;
        }
        String space = channels == 1 ? "GRAY" : "RGB ";
        List<ByteBuffer> pieces = new ArrayList<>(parts.size() + 2);
        for (Part part : parts) {
            if (part.kind() != Kind.ICC || space.equals(iccSpace)) {
                pieces.add(ByteBuffer.wrap(part.bytes()));
            }
        }
        if (pieces.isEmpty()) {
            return null;
        }
        int at = format == ImageFormat.PNG ? PNG_AFTER_IHDR : afterJfif(encoded);
        pieces.addFirst(encoded.slice(encoded.position(), at));
        pieces.addLast(encoded.slice(encoded.position() + at, encoded.remaining() - at));
        return pieces;
    }

    /** Where a JPEG's own segments end: after SOI and the JFIF APP0 segment the encoders write first. */
    private static int afterJfif(ByteBuffer jpeg) {
        int start = jpeg.position();
        if ((jpeg.get(start + 2) & 0xFF) == 0xFF && (jpeg.get(start + 3) & 0xFF) == 0xE0) {
            int end = 4 + ((jpeg.get(start + 4) & 0xFF) << 8 | (jpeg.get(start + 5) & 0xFF));
            if (end <= jpeg.remaining()) {
                return end;
            }
        }
        return 2;
    }

    /** Collects what {@code keep} asks for as {@link FormatCheck} walks a file. */
    static final class Collector implements FormatCheck.Parts {

        private static final int APP1 = 0xE1;
        private static final int APP2 = 0xE2;
        private static final String JPEG_EXIF = "Exif\0\0";
        private static final String JPEG_ICC = "ICC_PROFILE\0";
        private static final List<String> JPEG_XMP = List.of("http://ns.adobe.com/xap/1.0/\0",
                "http://ns.adobe.com/xmp/extension/\0");
        private static final String PNG_XMP = "XML:com.adobe.xmp\0";

        private final KeepMetadata keep;
        private final List<Part> parts = new ArrayList<>();
        private final Set<Kind> seenInPng = EnumSet.noneOf(Kind.class);
        private ImageFormat format;
        private String iccSpace;
        private long bytes;

        Collector(KeepMetadata keep) {
            this.keep = keep;
        }

        @Override
        public void jpegSegment(EncodedBytes b, int marker, int from, int length) {
            int data = from + 4;
            int end = from + length;
            Kind kind = null;
            if (marker == APP1 && startsWith(b, data, end, JPEG_EXIF)) {
                kind = Kind.EXIF;
            } else if (marker == APP1 && JPEG_XMP.stream().anyMatch(name -> startsWith(b, data, end, name))) {
                kind = Kind.XMP;
            } else if (marker == APP2 && startsWith(b, data, end, JPEG_ICC)) {
                kind = Kind.ICC;
                // The profile's header, in the first of its segments: the colour space is its bytes 16 to 20.
                int profile = data + JPEG_ICC.length() + 2;
                if (iccSpace == null && profile + 20 <= end && b.get(data + JPEG_ICC.length()) == 1) {
                    iccSpace = b.text(profile + 16, 4);
                }
            }
            add(ImageFormat.JPEG, kind, b, from, length);
        }

        @Override
        public void pngChunk(EncodedBytes b, String type, int from, int length) {
            Kind kind = switch (type) {
                case "eXIf" -> Kind.EXIF;
                case "iCCP" -> Kind.ICC;
                case "iTXt" -> startsWith(b, from + 8, from + length - 4, PNG_XMP) ? Kind.XMP : null;
                default -> null;
            };
            // A PNG has one of each: the first, as libpng takes it (PngChunks has it ignore the others, and an
            // EXIF of no known byte order); two in the output would be a fault of loomy's own.
            if (kind != null && !seenInPng.add(kind) || kind == Kind.EXIF && !PngChunks.exifReadable(b, from + 8, length - 12)) {
                kind = null;
            }
            if (add(ImageFormat.PNG, kind, b, from, length) && kind == Kind.ICC && iccSpace == null) {
                iccSpace = pngIccSpace(parts.getLast().bytes());
            }
        }

        /** Copies the part when it is to be kept and there is room; whether it was. */
        private boolean add(ImageFormat format, Kind kind, EncodedBytes b, int from, int length) {
            this.format = format;
            if (kind == null || !keep.keeps(kind)) {
                return false;
            }
            bytes += length;
            if (bytes > MAX_BYTES) {
                return false;
            }
            parts.add(new Part(kind, b.copy(from, length)));
            return true;
        }

        /** What was kept; nothing, with a warning, when it is more than {@link #MAX_BYTES}. */
        Metadata metadata(Consumer<String> warnings) {
            if (bytes > MAX_BYTES) {
                warnings.accept("metadata not kept: its EXIF, ICC profile and XMP come to " + bytes
                        + " bytes, more than the " + MAX_BYTES + " loomy keeps of an image");
                return NONE;
            }
            if (parts.isEmpty()) {
                return NONE;
            }
            parts.stream().filter(p -> p.kind() == Kind.EXIF).findFirst().ifPresent(this::upright);
            return new Metadata(format, parts, iccSpace);
        }

        /** The EXIF says upright: the decoder applied its orientation, as OpenCV does to JPEG and PNG. */
        private void upright(Part exif) {
            byte[] bytes = exif.bytes();
            if (format == ImageFormat.JPEG) {
                Exif.resetOrientation(bytes, 4 + JPEG_EXIF.length(), bytes.length);
            } else if (Exif.resetOrientation(bytes, 8, bytes.length - 4)) {
                CRC32 crc = new CRC32();
                crc.update(bytes, 4, bytes.length - 8);
                ByteBuffer.wrap(bytes).putInt(bytes.length - 4, (int) crc.getValue());
            }
        }

        /** The colour space in the header of an iCCP chunk's profile, from its first 20 bytes inflated; null when unreadable. */
        private static String pngIccSpace(byte[] chunk) {
            int data = 8;
            int end = chunk.length - 4;
            int nul = data;
            while (nul < end && chunk[nul] != 0) {
                nul++;
            }
            // The profile's name, its terminating NUL, the compression method, then the zlib stream.
            int stream = nul + 2;
            if (stream >= end) {
                return null;
            }
            Inflater inflater = new Inflater();
            try {
                inflater.setInput(chunk, stream, end - stream);
                byte[] header = new byte[20];
                int n = 0;
                while (n < header.length) {
                    int inflated = inflater.inflate(header, n, header.length - n);
                    if (inflated == 0) {
                        // Finished, or wanting input or a dictionary that is not there: too short.
                        return null;
                    }
                    n += inflated;
                }
                return new String(header, 16, 4, StandardCharsets.ISO_8859_1);
            } catch (DataFormatException e) {
                return null;
            } finally {
                inflater.end();
            }
        }

        private static boolean startsWith(EncodedBytes b, int from, int end, String prefix) {
            return end - from >= prefix.length() && b.text(from, prefix.length()).equals(prefix);
        }
    }
}
