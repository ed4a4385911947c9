package dev.loomy.imageio;

import java.awt.Color;
import java.awt.GradientPaint;
import java.awt.Graphics2D;
import java.awt.color.ColorSpace;
import java.awt.color.ICC_Profile;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

import javax.imageio.ImageIO;
import javax.imageio.stream.ImageInputStream;

import org.apache.commons.imaging.formats.tiff.constants.ExifTagConstants;
import org.apache.commons.imaging.formats.tiff.constants.TiffTagConstants;
import org.apache.commons.imaging.formats.tiff.write.TiffImageWriterLossy;
import org.apache.commons.imaging.formats.tiff.write.TiffOutputSet;

import com.drew.imaging.jpeg.JpegSegmentData;
import com.drew.imaging.jpeg.JpegSegmentReader;
import com.drew.imaging.jpeg.JpegSegmentType;
import com.drew.imaging.png.PngChunk;
import com.drew.imaging.png.PngChunkReader;
import com.drew.imaging.png.PngChunkType;
import com.drew.lang.ByteArrayReader;
import com.drew.lang.StreamReader;
import com.drew.metadata.Metadata;
import com.drew.metadata.exif.ExifIFD0Directory;
import com.drew.metadata.exif.ExifReader;
import com.drew.metadata.xmp.XmpDirectory;
import com.drew.metadata.xmp.XmpReader;

/**
 * Images with metadata, as a camera or an editor makes them, and their metadata read back, by
 * libraries from Maven Central rather than loomy's own parsing: the EXIF made by Apache Commons
 * Imaging, the pictures by the JDK's ImageIO, the blocks found and the tags read by
 * metadata-extractor. What is written is said as exiftool's assignments ({@code -EXIF:Make=Acme},
 * {@code -XMP-dc:Title=...}, {@code -ICC_Profile<=FILE}, {@code -Orientation#=6}); what is read as
 * exiftool's {@code -b} blocks ({@code EXIF}, {@code ICC_Profile}, {@code XMP}; empty when absent).
 */
public final class TaggedImages {

    private static final byte[] EXIF_HEADER = "Exif\0\0".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] XMP_HEADER = "http://ns.adobe.com/xap/1.0/\0".getBytes(StandardCharsets.ISO_8859_1);
    private static final byte[] ICC_HEADER = "ICC_PROFILE\0".getBytes(StandardCharsets.ISO_8859_1);
    private static final String XMP_KEYWORD = "XML:com.adobe.xmp";
    /** The most of a profile one APP2 segment holds: 65,535 less its length, header, and chunk numbers. */
    private static final int ICC_CHUNK = 65_519;

    private TaggedImages() {
    }

    /** A red-to-blue gradient of {@code width} x {@code height}, its format by the name's extension. */
    public static Path image(Path file, int width, int height) throws IOException {
        BufferedImage image = new BufferedImage(width, height, BufferedImage.TYPE_3BYTE_BGR);
        Graphics2D graphics = image.createGraphics();
        graphics.setPaint(new GradientPaint(0, 0, Color.RED, 0, height, Color.BLUE));
        graphics.fillRect(0, 0, width, height);
        graphics.dispose();
        String name = file.getFileName().toString();
        if (!ImageIO.write(image, name.substring(name.lastIndexOf('.') + 1), file.toFile())) {
            throw new IOException("ImageIO cannot write " + file);
        }
        return file;
    }

    /**
     * Writes the {@code assignments} into {@code file} in place, replacing nothing it has: a JPEG's
     * segments after its first (JFIF's), a PNG's chunks after its header.
     */
    public static void write(Path file, String... assignments) throws Exception {
        TiffOutputSet exif = new TiffOutputSet(ByteOrder.BIG_ENDIAN);
        Map<String, String> xmp = new HashMap<>();
        byte[] icc = null;
        for (String assignment : assignments) {
            String text = assignment.substring(1);
            if (text.contains("<=")) {
                icc = Files.readAllBytes(Path.of(text.substring(text.indexOf("<=") + 2)));
                continue;
            }
            String[] tagValue = text.replace("#=", "=").split("=", 2);
            String tag = tagValue[0].substring(tagValue[0].indexOf(':') + 1);
            String value = tagValue[1];
            switch (tag) {
                case "Make" -> exif.getOrCreateRootDirectory().add(TiffTagConstants.TIFF_TAG_MAKE, value);
                case "Model" -> exif.getOrCreateRootDirectory().add(TiffTagConstants.TIFF_TAG_MODEL, value);
                case "Orientation" -> exif.getOrCreateRootDirectory().add(TiffTagConstants.TIFF_TAG_ORIENTATION,
                        Short.parseShort(value));
                case "DateTimeOriginal" -> exif.getOrCreateExifDirectory().add(ExifTagConstants.EXIF_TAG_DATE_TIME_ORIGINAL,
                        value);
                case "GPSLatitude" -> exif.setGpsInDegrees(2.3522, Double.parseDouble(value));
                case "GPSLatitudeRef" -> { } // north: setGpsInDegrees says so
                case "Title", "Creator" -> xmp.put(tag, value);
                default -> throw new IllegalArgumentException("no writer for " + assignment);
            }
        }
        ByteArrayOutputStream tiff = new ByteArrayOutputStream();
        if (!exif.getDirectories().isEmpty()) {
            new TiffImageWriterLossy(ByteOrder.BIG_ENDIAN).write(tiff, exif);
        }
        byte[] packet = xmp.isEmpty() ? null : xmpPacket(xmp).getBytes(StandardCharsets.UTF_8);
        byte[] bytes = Files.readAllBytes(file);
        Files.write(file, isPng(bytes) ? intoPng(bytes, tiff.toByteArray(), packet, icc)
                : intoJpeg(bytes, tiff.toByteArray(), packet, icc));
    }

    private static String xmpPacket(Map<String, String> values) {
        StringBuilder dc = new StringBuilder();
        if (values.containsKey("Title")) {
            dc.append("<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">").append(values.get("Title"))
                    .append("</rdf:li></rdf:Alt></dc:title>");
        }
        if (values.containsKey("Creator")) {
            dc.append("<dc:creator><rdf:Seq><rdf:li>").append(values.get("Creator")).append("</rdf:li></rdf:Seq></dc:creator>");
        }
        return "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\">" + dc
                + "</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end=\"w\"?>";
    }

    private static boolean isPng(byte[] bytes) {
        return bytes.length > 8 && bytes[0] == (byte) 0x89 && bytes[1] == 'P';
    }

    private static byte[] intoJpeg(byte[] jpeg, byte[] tiff, byte[] xmp, byte[] icc) {
        ByteArrayOutputStream segments = new ByteArrayOutputStream();
        if (tiff.length > 0) {
            segment(segments, 0xE1, EXIF_HEADER, tiff);
        }
        if (xmp != null) {
            segment(segments, 0xE1, XMP_HEADER, xmp);
        }
        if (icc != null) {
            int count = (icc.length + ICC_CHUNK - 1) / ICC_CHUNK;
            for (int i = 0; i < count; i++) {
                byte[] header = Arrays.copyOf(ICC_HEADER, ICC_HEADER.length + 2);
                header[ICC_HEADER.length] = (byte) (i + 1);
                header[ICC_HEADER.length + 1] = (byte) count;
                segment(segments, 0xE2, header, Arrays.copyOfRange(icc, i * ICC_CHUNK,
                        Math.min(icc.length, (i + 1) * ICC_CHUNK)));
            }
        }
        // After SOI and a JFIF APP0, where a camera's segments go.
        int at = 2;
        if ((jpeg[2] & 0xFF) == 0xFF && (jpeg[3] & 0xFF) == 0xE0) {
            at = 4 + ((jpeg[4] & 0xFF) << 8 | jpeg[5] & 0xFF);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(jpeg, 0, at);
        out.writeBytes(segments.toByteArray());
        out.write(jpeg, at, jpeg.length - at);
        return out.toByteArray();
    }

    private static void segment(ByteArrayOutputStream out, int marker, byte[] header, byte[] data) {
        int length = 2 + header.length + data.length;
        out.write(0xFF);
        out.write(marker);
        out.write(length >> 8);
        out.write(length & 0xFF);
        out.writeBytes(header);
        out.writeBytes(data);
    }

    private static byte[] intoPng(byte[] png, byte[] tiff, byte[] xmp, byte[] icc) throws IOException {
        ByteArrayOutputStream chunks = new ByteArrayOutputStream();
        if (icc != null) {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            data.writeBytes("ICC profile\0\0".getBytes(StandardCharsets.ISO_8859_1));
            try (DeflaterOutputStream deflated = new DeflaterOutputStream(data)) {
                deflated.write(icc);
            }
            chunk(chunks, "iCCP", data.toByteArray());
        }
        if (tiff.length > 0) {
            chunk(chunks, "eXIf", tiff);
        }
        if (xmp != null) {
            ByteArrayOutputStream data = new ByteArrayOutputStream();
            // Keyword, then no compression, its method, no language and no translated keyword.
            data.writeBytes((XMP_KEYWORD + "\0\0\0\0\0").getBytes(StandardCharsets.ISO_8859_1));
            data.writeBytes(xmp);
            chunk(chunks, "iTXt", data.toByteArray());
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(png, 0, 33);
        out.writeBytes(chunks.toByteArray());
        out.write(png, 33, png.length - 33);
        return out.toByteArray();
    }

    private static void chunk(ByteArrayOutputStream out, String type, byte[] data) {
        ByteBuffer chunk = ByteBuffer.allocate(12 + data.length).putInt(data.length)
                .put(type.getBytes(StandardCharsets.US_ASCII)).put(data);
        CRC32 crc = new CRC32();
        crc.update(chunk.array(), 4, 4 + data.length);
        chunk.putInt((int) crc.getValue());
        out.writeBytes(chunk.array());
    }

    /**
     * {@code file}'s metadata: the blocks {@code EXIF}, {@code ICC_Profile} and {@code XMP} as bytes
     * (empty when absent), and the tags asked for among Orientation, Model, Title and ImageWidth, as
     * numbers or text (absent when the file has none).
     */
    public static Read read(Path file, String... tags) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        Map<String, byte[]> blocks = isPng(bytes) ? pngBlocks(bytes) : jpegBlocks(bytes);
        Metadata metadata = new Metadata();
        if (blocks.get("EXIF").length > 0) {
            new ExifReader().extract(new ByteArrayReader(blocks.get("EXIF")), metadata);
        }
        if (blocks.get("XMP").length > 0) {
            new XmpReader().extract(blocks.get("XMP"), metadata);
        }
        ExifIFD0Directory ifd0 = metadata.getFirstDirectoryOfType(ExifIFD0Directory.class);
        XmpDirectory xmp = metadata.getFirstDirectoryOfType(XmpDirectory.class);
        Map<String, String> values = new HashMap<>();
        for (String tag : tags) {
            String value = switch (tag) {
                case "Orientation" -> ifd0 == null ? null : ifd0.getString(ExifIFD0Directory.TAG_ORIENTATION);
                case "Model" -> ifd0 == null ? null : ifd0.getString(ExifIFD0Directory.TAG_MODEL);
                case "Title" -> xmp == null ? null : xmp.getXmpProperties().get("dc:title[1]");
                case "ImageWidth" -> Integer.toString(width(bytes));
                default -> throw new IllegalArgumentException("no reader for " + tag);
            };
            if (value != null) {
                values.put(tag, value);
            }
        }
        return new Read(blocks, values);
    }

    private static int width(byte[] bytes) throws IOException {
        try (ImageInputStream in = ImageIO.createImageInputStream(new ByteArrayInputStream(bytes))) {
            javax.imageio.ImageReader reader = ImageIO.getImageReaders(in).next();
            try {
                reader.setInput(in);
                return reader.getWidth(0);
            } finally {
                reader.dispose();
            }
        }
    }

    private static Map<String, byte[]> jpegBlocks(byte[] jpeg) throws Exception {
        JpegSegmentData segments = JpegSegmentReader.readSegments(new StreamReader(new ByteArrayInputStream(jpeg)),
                List.of(JpegSegmentType.APP1, JpegSegmentType.APP2));
        byte[] exif = new byte[0];
        byte[] xmp = new byte[0];
        for (byte[] app1 : segments.getSegments(JpegSegmentType.APP1)) {
            if (startsWith(app1, EXIF_HEADER)) {
                exif = Arrays.copyOfRange(app1, EXIF_HEADER.length, app1.length);
            } else if (startsWith(app1, XMP_HEADER)) {
                xmp = Arrays.copyOfRange(app1, XMP_HEADER.length, app1.length);
            }
        }
        List<byte[]> chunks = new ArrayList<>();
        for (byte[] app2 : segments.getSegments(JpegSegmentType.APP2)) {
            if (startsWith(app2, ICC_HEADER)) {
                chunks.add(app2);
            }
        }
        chunks.sort((a, b) -> Integer.compare(a[ICC_HEADER.length] & 0xFF, b[ICC_HEADER.length] & 0xFF));
        ByteArrayOutputStream icc = new ByteArrayOutputStream();
        chunks.forEach(chunk -> icc.write(chunk, ICC_HEADER.length + 2, chunk.length - ICC_HEADER.length - 2));
        return Map.of("EXIF", exif, "XMP", xmp, "ICC_Profile", icc.toByteArray());
    }

    private static Map<String, byte[]> pngBlocks(byte[] png) throws Exception {
        Iterable<PngChunk> chunks = new PngChunkReader().extract(new StreamReader(new ByteArrayInputStream(png)),
                Set.of(PngChunkType.eXIf, PngChunkType.iCCP, PngChunkType.iTXt));
        byte[] exif = new byte[0];
        byte[] xmp = new byte[0];
        byte[] icc = new byte[0];
        for (PngChunk chunk : chunks) {
            byte[] data = chunk.getBytes();
            switch (chunk.getType().getIdentifier()) {
                case "eXIf" -> exif = data;
                case "iCCP" -> {
                    int name = indexOf(data, (byte) 0);
                    try (InflaterInputStream in = new InflaterInputStream(new ByteArrayInputStream(data, name + 2,
                            data.length - name - 2))) {
                        icc = in.readAllBytes();
                    }
                }
                case "iTXt" -> {
                    int keyword = indexOf(data, (byte) 0);
                    if (new String(data, 0, keyword, StandardCharsets.ISO_8859_1).equals(XMP_KEYWORD)) {
                        // Past the flags, the language and the translated keyword, each ended by a NUL.
                        int at = keyword + 3;
                        at += indexOf(Arrays.copyOfRange(data, at, data.length), (byte) 0) + 1;
                        at += indexOf(Arrays.copyOfRange(data, at, data.length), (byte) 0) + 1;
                        xmp = Arrays.copyOfRange(data, at, data.length);
                    }
                }
                default -> { }
            }
        }
        return Map.of("EXIF", exif, "XMP", xmp, "ICC_Profile", icc);
    }

    private static int indexOf(byte[] bytes, byte value) {
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == value) {
                return i;
            }
        }
        return -1;
    }

    private static boolean startsWith(byte[] bytes, byte[] prefix) {
        return bytes.length >= prefix.length && Arrays.equals(bytes, 0, prefix.length, prefix, 0, prefix.length);
    }

    /** What {@link #read} found. */
    public record Read(Map<String, byte[]> blocks, Map<String, String> tags) {

        public byte[] block(String name) {
            return blocks.get(name);
        }

        public String tag(String name) {
            return tags.get(name);
        }
    }

    /** The JDK's own sRGB profile, a real ICC profile of 3 KB, in a file. */
    public static Path srgbProfile(Path dir) throws IOException {
        return Files.write(dir.resolve("srgb.icc"), ICC_Profile.getInstance(ColorSpace.CS_sRGB).getData());
    }
}
