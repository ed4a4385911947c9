package dev.loomy.imageio;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.Names;

/**
 * Images that hold more than one picture: a multi-page TIFF, an animated PNG. OpenCV's
 * decoder takes the first page, or the PNG's still image (the first frame in every APNG
 * encoder we know); the user is told so once, before the runs, rather than left to wonder.
 */
public final class Frames {

    /** Directories followed at most: a loop in a damaged file's chain must not hang the count. */
    private static final int MAX_PAGES = 65_536;

    private Frames() {
    }

    /** One note line per image of {@code images} that holds several pictures. */
    public static void notes(List<ImageFile> images, Consumer<String> notes) {
        for (ImageFile image : images) {
            note(image, notes);
        }
    }

    /** A note line when {@code image} holds several pictures. */
    public static void note(ImageFile image, Consumer<String> notes) {
        String extension = ImageExtensions.of(image.path());
        // Only these extensions are read: a JPEG, BMP or WebP header is not opened for nothing.
        if (extension.equals("tif") || extension.equals("tiff") || extension.equals("png")) {
            String several = several(image.path());
            if (several != null) {
                notes.accept("note: " + Names.shown(image.path()) + ": " + several);
            }
        }
    }

    /** What a TIFF of several pages or an animated PNG holds and which part is used; null for any other file. */
    static String several(Path file) {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            ImageHeader.Reader in = new ImageHeader.Reader(channel);
            ByteBuffer head = in.at(0, 8);
            if (head == null) {
                return null;
            }
            byte[] magic = new byte[8];
            head.get(0, magic);
            ImageFormat format = ImageFormat.of(magic);
            if (format == ImageFormat.TIFF) {
                int pages = tiffPages(in, head.get(0) == 'I' ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN);
                return pages > 1 ? "a TIFF of " + pages + " pages; the first is used" : null;
            }
            return format == ImageFormat.PNG ? animatedPng(in) : null;
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** Follows the chain of image file directories (classic TIFF; BigTIFF counts as one). */
    private static int tiffPages(ImageHeader.Reader in, ByteOrder order) throws IOException {
        ByteBuffer header = in.at(0, 8).order(order);
        if (header.getShort(2) != 42) {
            return 1;
        }
        Set<Long> seen = new HashSet<>();
        long directory = header.getInt(4) & 0xFFFFFFFFL;
        int pages = 0;
        while (directory != 0 && seen.add(directory) && pages < MAX_PAGES) {
            ByteBuffer count = in.at(directory, 2);
            if (count == null) {
                break;
            }
            pages++;
            int entries = count.order(order).getShort(0) & 0xFFFF;
            ByteBuffer next = in.at(directory + 2 + 12L * entries, 4);
            directory = next == null ? 0 : next.order(order).getInt(0) & 0xFFFFFFFFL;
        }
        return Math.max(pages, 1);
    }

    /**
     * An APNG's acTL chunk says how many frames it has; its still image (IDAT), which every
     * PNG decoder shows, is the first frame when a frame control (fcTL) comes before it.
     */
    private static String animatedPng(ImageHeader.Reader in) throws IOException {
        long at = 8;
        int frames = 1;
        boolean stillIsFirst = false;
        for (ByteBuffer chunk = in.at(at, 8); chunk != null; chunk = in.at(at, 8)) {
            String type = new String(new byte[] {chunk.get(4), chunk.get(5), chunk.get(6), chunk.get(7)},
                    StandardCharsets.ISO_8859_1);
            if (type.equals("acTL")) {
                ByteBuffer count = in.at(at + 8, 4);
                frames = count == null ? 1 : count.getInt(0);
            } else if (type.equals("fcTL")) {
                stillIsFirst = true;
            } else if (type.equals("IDAT") || type.equals("IEND")) {
                break;
            }
            at += 12 + (chunk.getInt(0) & 0xFFFFFFFFL);
        }
        if (frames <= 1) {
            return null;
        }
        return "an animated PNG of " + frames + " frames; its still image" + (stillIsFirst ? ", the first frame,"
                : ", which is not one of them,") + " is used";
    }
}
