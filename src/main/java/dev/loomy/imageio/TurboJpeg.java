package dev.loomy.imageio;

import java.nio.ByteBuffer;
import java.util.concurrent.ConcurrentLinkedQueue;

import com.sun.jna.Native;
import com.sun.jna.NativeLong;
import com.sun.jna.Pointer;
import com.sun.jna.ptr.IntByReference;
import com.sun.jna.ptr.NativeLongByReference;
import com.sun.jna.ptr.PointerByReference;

import org.opencv.core.CvType;
import org.opencv.core.Mat;

import dev.loomy.opencv.DecodeLimits;
import dev.loomy.opencv.Mats;

/**
 * JPEG through the system's libturbojpeg (libjpeg-turbo's TurboJPEG API, built with SIMD by
 * Debian), called through JNA: it decodes straight into a Mat's native memory and encodes from
 * it. The OpenCV build that loomy uses bundles libjpeg-turbo without SIMD, so every JPEG went
 * through its plain C code.
 *
 * <p>Both decode as {@code imread} does: the accurate integer IDCT and fancy upsampling, whose
 * SIMD code gives the same bits as the C code. Both encode as {@code imwrite} does at a given quality
 * (95 by default): 4:2:0 (gray for one channel), the accurate forward DCT, baseline Huffman tables.
 * What TurboJPEG would do differently from {@code imread} is left to OpenCV: CMYK files, and
 * EXIF orientations other than upright (see {@link Exif}).
 *
 * <p>A TurboJPEG handle serves one call at a time: handles are kept in pools and taken for one
 * call each, so that as many exist as calls ever ran at once, and no thread holds one idle.
 */
final class TurboJpeg {

    /** The library's functions, as declared in turbojpeg.h (libjpeg-turbo 2.0 and later). */
    static final class Library {
        static native Pointer tjInitDecompress();

        static native Pointer tjInitCompress();

        static native int tjDestroy(Pointer handle);

        static native int tjDecompressHeader3(Pointer handle, Pointer jpeg, NativeLong size, IntByReference width,
                IntByReference height, IntByReference subsampling, IntByReference colorspace);

        static native int tjDecompress2(Pointer handle, Pointer jpeg, NativeLong size, Pointer destination, int width,
                int pitch, int height, int pixelFormat, int flags);

        static native int tjCompress2(Pointer handle, Pointer source, int width, int pitch, int height, int pixelFormat,
                PointerByReference jpeg, NativeLongByReference size, int subsampling, int quality, int flags);

        static native void tjFree(Pointer buffer);

        static native String tjGetErrorStr2(Pointer handle);

        static native int tjGetErrorCode(Pointer handle);
    }

    private static final int TJPF_BGR = 1;
    private static final int TJPF_GRAY = 6;
    private static final int TJSAMP_420 = 2;
    private static final int TJSAMP_GRAY = 3;
    private static final int TJCS_CMYK = 3;
    private static final int TJCS_YCCK = 4;
    /** The accurate DCT both ways: TurboJPEG's default when compressing is the fast one. */
    private static final int TJFLAG_ACCURATEDCT = 4096;
    private static final int TJERR_WARNING = 0;

    private final ConcurrentLinkedQueue<Pointer> decompressors = new ConcurrentLinkedQueue<>();
    private final ConcurrentLinkedQueue<Pointer> compressors = new ConcurrentLinkedQueue<>();

    private TurboJpeg() {
    }

    /**
     * Loads {@code library} (a name such as "turbojpeg", or a path) and binds its functions.
     *
     * @throws UnsatisfiedLinkError when it cannot be loaded or lacks a function
     */
    static TurboJpeg load(String library) {
        Native.register(Library.class, library);
        return new TurboJpeg();
    }

    /**
     * A decoded image.
     *
     * @param image   owned by the caller, who releases it
     * @param warning what libjpeg-turbo found wrong with data it got past, or null
     */
    record Decoded(Mat image, String warning) {
    }

    /**
     * Decodes {@code encoded} (one continuous column of bytes) into a new 8-bit BGR Mat, or
     * returns null when it is a JPEG that OpenCV must decode (its header names CMYK).
     *
     * @throws TurboJpegException when the data cannot be decoded at all
     */
    Decoded decode(Mat encoded) throws TurboJpegException {
        Pointer handle = take(decompressors, true);
        try {
            Pointer data = new Pointer(encoded.dataAddr());
            NativeLong size = new NativeLong(encoded.total());
            IntByReference width = new IntByReference();
            IntByReference height = new IntByReference();
            IntByReference subsampling = new IntByReference();
            IntByReference colorspace = new IntByReference();
            if (Library.tjDecompressHeader3(handle, data, size, width, height, subsampling, colorspace) != 0) {
                throw new TurboJpegException(Library.tjGetErrorStr2(handle));
            }
            if (colorspace.getValue() == TJCS_CMYK || colorspace.getValue() == TJCS_YCCK) {
                return null;
            }
            // The header was checked before the file was read; this is the frame libjpeg-turbo decodes.
            String refusal = DecodeLimits.refusal(width.getValue(), height.getValue());
            if (refusal != null) {
                throw new TooLargeException(refusal);
            }
            Mat image = Mats.owned(height.getValue(), width.getValue(), CvType.CV_8UC3);
            boolean done = false;
            try {
                String warning = null;
                if (Library.tjDecompress2(handle, data, size, new Pointer(image.dataAddr()), width.getValue(), 0,
                        height.getValue(), TJPF_BGR, TJFLAG_ACCURATEDCT) != 0) {
                    String message = Library.tjGetErrorStr2(handle);
                    if (Library.tjGetErrorCode(handle) != TJERR_WARNING) {
                        throw new TurboJpegException(message);
                    }
                    warning = message;
                }
                done = true;
                return new Decoded(image, warning);
            } finally {
                if (!done) {
                    Mats.free(image);
                }
            }
        } finally {
            decompressors.add(handle);
        }
    }

    /** Whether {@link #encode} takes {@code image}: 8-bit, one or three channels, rows one after the other. */
    static boolean encodes(Mat image) {
        return (image.type() == CvType.CV_8UC3 || image.type() == CvType.CV_8UC1) && image.isContinuous()
                && !image.empty();
    }

    /** JPEG bytes in the library's memory, until {@link #close}. */
    static final class Encoded implements AutoCloseable {
        private Pointer bytes;
        private final long length;

        Encoded(Pointer bytes, long length) {
            this.bytes = bytes;
            this.length = length;
        }

        long length() {
            return length;
        }

        /** The bytes in place, valid until {@link #close}. */
        ByteBuffer view() {
            return bytes.getByteBuffer(0, length);
        }

        @Override
        public void close() {
            if (bytes != null) {
                Library.tjFree(bytes);
                bytes = null;
            }
        }
    }

    /** {@code image}, which {@link #encodes} takes, as the JPEG {@code imwrite} writes at {@code quality} (1 to 100). */
    Encoded encode(Mat image, int quality) throws TurboJpegException {
        Pointer handle = take(compressors, false);
        PointerByReference jpeg = new PointerByReference();
        try {
            NativeLongByReference size = new NativeLongByReference(new NativeLong(0));
            boolean gray = image.channels() == 1;
            int status = Library.tjCompress2(handle, new Pointer(image.dataAddr()), image.cols(), 0, image.rows(),
                    gray ? TJPF_GRAY : TJPF_BGR, jpeg, size, gray ? TJSAMP_GRAY : TJSAMP_420, quality, TJFLAG_ACCURATEDCT);
            if (status != 0) {
                throw new TurboJpegException(Library.tjGetErrorStr2(handle));
            }
            Encoded encoded = new Encoded(jpeg.getValue(), size.getValue().longValue());
            jpeg = null;
            return encoded;
        } finally {
            if (jpeg != null && jpeg.getValue() != null) {
                Library.tjFree(jpeg.getValue());
            }
            compressors.add(handle);
        }
    }

    private static Pointer take(ConcurrentLinkedQueue<Pointer> pool, boolean decompressor) throws TurboJpegException {
        Pointer handle = pool.poll();
        if (handle == null) {
            handle = decompressor ? Library.tjInitDecompress() : Library.tjInitCompress();
            if (handle == null) {
                throw new TurboJpegException(Library.tjGetErrorStr2(null));
            }
        }
        return handle;
    }

    /** What libturbojpeg said when it failed. */
    static class TurboJpegException extends Exception {
        TurboJpegException(String message) {
            super(message);
        }
    }

    /** A frame beyond {@link DecodeLimits}: no decoder is to try it. */
    static final class TooLargeException extends TurboJpegException {
        TooLargeException(String refusal) {
            super(refusal);
        }
    }
}
