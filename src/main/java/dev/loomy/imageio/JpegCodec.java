package dev.loomy.imageio;

import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import org.opencv.core.CvType;
import org.opencv.core.Mat;
import org.opencv.core.Scalar;

import dev.loomy.console.Console;
import dev.loomy.opencv.Mats;
import dev.loomy.opencv.OpenCvPinning;

/**
 * Which codec JPEGs go through in this JVM: the system's libturbojpeg (SIMD) when it can be
 * loaded, else OpenCV's own. Chosen once, at the first JPEG.
 *
 * <p>{@code --reproducible} keeps OpenCV's codec: it is the one bundled in loomy's jar, the same
 * on every machine, whereas the system's library is whatever version the machine has.
 */
public final class JpegCodec {

    /** Set to {@code opencv}, it keeps JPEGs on OpenCV's codec (for comparisons); inherited by child JVMs. */
    public static final String ENVIRONMENT = "LOOMY_JPEG_CODEC";
    /** The JVM property that names the library to load instead of the system's libturbojpeg (a path, say). */
    public static final String LIBRARY_PROPERTY = "loomy.turbojpeg";
    /** Without a development package, Debian has only the versioned name. */
    private static final List<String> LIBRARIES = List.of("turbojpeg", "libturbojpeg.so.0");

    /** JNA's list of the system's library folders, which it otherwise asks ldconfig for. */
    private static final String JNA_SEARCH_PATH = "jna.platform.library.path";

    private JpegCodec() {
    }

    /** The folders a Linux system keeps its libraries in: the Debian multiarch ones first, then the rest. */
    static String linuxLibraryFolders() {
        String arch = System.getProperty("os.arch");
        String multiarch = switch (arch) {
            case "amd64", "x86_64" -> "x86_64-linux-gnu";
            case "aarch64" -> "aarch64-linux-gnu";
            default -> arch + "-linux-gnu";
        };
        return String.join(":", "/usr/local/lib", "/usr/lib/" + multiarch, "/lib/" + multiarch, "/usr/lib64", "/lib64",
                "/usr/lib", "/lib");
    }

    /** The codec chosen, or null with why libturbojpeg could not be loaded when it was wanted. */
    private record Choice(TurboJpeg turbo, String problem) {
    }

    private static final class Chosen {
        static final Choice CHOICE = choice();
    }

    /** The chosen codec's name once a JPEG has asked for it in this JVM, else null. */
    private static volatile String used;

    /** Whether the missing library was said: once, by the first JPEG that asks, whichever thread chose. */
    private static final AtomicBoolean SAID = new AtomicBoolean();

    /** libturbojpeg, or null when JPEGs go through OpenCV. */
    static TurboJpeg turbo() {
        Choice choice = Chosen.CHOICE;
        if (choice.problem() != null && SAID.compareAndSet(false, true)) {
            new Console(System.err, false).error(choice.problem());
        }
        if (used == null) {
            used = choice.turbo() != null ? "libturbojpeg" : "OpenCV";
        }
        return choice.turbo();
    }

    /**
     * Chooses the codec ahead of the first JPEG, and runs one small image through it so that the
     * first photo finds JNA's bindings made: for a thread that prepares the run while the command
     * line is read. Says nothing; a library that cannot be loaded is said where a JPEG first asks.
     * OpenCV must be loaded.
     */
    public static void prepare() {
        TurboJpeg turbo = Chosen.CHOICE.turbo();
        if (turbo == null) {
            return;
        }
        Mat image = Mats.owned(16, 16, CvType.CV_8UC3);
        try {
            image.setTo(Scalar.all(128));
            try (TurboJpeg.Encoded encoded = turbo.encode(image, 95)) {
                ByteBuffer bytes = encoded.view();
                Mat file = Mats.owned(1, bytes.remaining(), CvType.CV_8UC1);
                try {
                    NativeBytes.view(file, 0, bytes.remaining()).put(bytes);
                    TurboJpeg.Decoded decoded = turbo.decode(file);
                    if (decoded != null) {
                        Mats.free(decoded.image());
                    }
                } finally {
                    Mats.free(file);
                }
            }
        } catch (TurboJpeg.TurboJpegException e) {
            // Nothing to prepare then: the first photo meets the same error, and says it.
        } finally {
            Mats.free(image);
        }
    }

    /**
     * The codec JPEGs went through in this JVM, as the results give it: "libturbojpeg" or "OpenCV";
     * null when no JPEG was read or written yet (nothing is loaded to answer).
     */
    public static String used() {
        return used;
    }

    /** The codec's name, chosen now if no JPEG has asked yet: "libturbojpeg" or "OpenCV". */
    public static String name() {
        turbo();
        return used;
    }

    /** Chooses, and says on {@code err} in one line when the fast codec was wanted but is missing. */
    static TurboJpeg choose(PrintStream err) {
        Choice choice = choice();
        if (choice.problem() != null) {
            new Console(err, false).error(choice.problem());
        }
        return choice.turbo();
    }

    private static Choice choice() {
        if (OpenCvPinning.active() || "opencv".equalsIgnoreCase(System.getenv(ENVIRONMENT))) {
            return new Choice(null, null);
        }
        String asked = System.getProperty(LIBRARY_PROPERTY);
        if (System.getProperty(JNA_SEARCH_PATH) == null && System.getProperty("os.name").startsWith("Linux")) {
            // Without it JNA runs `/sbin/ldconfig -p`, a child process, on every start to learn these folders.
            System.setProperty(JNA_SEARCH_PATH, linuxLibraryFolders());
        }
        UnsatisfiedLinkError failure = null;
        for (String library : asked != null ? List.of(asked) : LIBRARIES) {
            try {
                return new Choice(TurboJpeg.load(library), null);
            } catch (UnsatisfiedLinkError e) {
                failure = e;
            }
        }
        // JNA's message heads the loader's own ("...: cannot open shared object file: ...") with a line of its own.
        List<String> lines = String.valueOf(failure.getMessage()).lines().filter(line -> !line.isBlank()).toList();
        String why = lines.size() > 1 && lines.get(0).startsWith("Unable to load library") ? lines.get(1) : lines.get(0);
        return new Choice(null, "JPEGs go through OpenCV's slower codec: libturbojpeg cannot be loaded (" + why
                + "); for the SIMD codec: apt-get install libturbojpeg0");
    }
}
