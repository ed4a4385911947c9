package dev.loomy.imageio;

import java.io.PrintStream;
import java.util.List;

import dev.loomy.console.Console;
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

    private static final class Chosen {
        static final TurboJpeg TURBO = choose(System.err);
    }

    /** The chosen codec's name once a JPEG has asked for it in this JVM, else null. */
    private static volatile String used;

    /** libturbojpeg, or null when JPEGs go through OpenCV. */
    static TurboJpeg turbo() {
        TurboJpeg turbo = Chosen.TURBO;
        if (used == null) {
            used = turbo != null ? "libturbojpeg" : "OpenCV";
        }
        return turbo;
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
        if (OpenCvPinning.active() || "opencv".equalsIgnoreCase(System.getenv(ENVIRONMENT))) {
            return null;
        }
        String asked = System.getProperty(LIBRARY_PROPERTY);
        if (System.getProperty(JNA_SEARCH_PATH) == null && System.getProperty("os.name").startsWith("Linux")) {
            // Without it JNA runs `/sbin/ldconfig -p`, a child process, on every start to learn these folders.
            System.setProperty(JNA_SEARCH_PATH, linuxLibraryFolders());
        }
        UnsatisfiedLinkError failure = null;
        for (String library : asked != null ? List.of(asked) : LIBRARIES) {
            try {
                return TurboJpeg.load(library);
            } catch (UnsatisfiedLinkError e) {
                failure = e;
            }
        }
        // JNA's message heads the loader's own ("...: cannot open shared object file: ...") with a line of its own.
        List<String> lines = String.valueOf(failure.getMessage()).lines().filter(line -> !line.isBlank()).toList();
        String why = lines.size() > 1 && lines.get(0).startsWith("Unable to load library") ? lines.get(1) : lines.get(0);
        new Console(err, false).error("JPEGs go through OpenCV's slower codec: libturbojpeg cannot be loaded (" + why
                + "); for the SIMD codec: apt-get install libturbojpeg0");
        return null;
    }
}
