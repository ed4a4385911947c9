package dev.loomy.opencv;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;

import org.opencv.core.Core;

/**
 * Loads OpenCV's native library once per JVM.
 *
 * <p>The library (about 65 MB on Linux) ships inside the openpnp jar. openpnp's own loader
 * copies it to a fresh temporary folder on every start; loomy copies it once into a cache
 * folder and loads it from there, which saves a few hundred milliseconds per start (and
 * per forked measurement JVM).
 */
public final class OpenCv {

    private static final String VERSION = "4.9.0-0";
    private static volatile boolean loaded;

    private OpenCv() {
    }

    public static void load() {
        if (loaded) {
            return;
        }
        synchronized (OpenCv.class) {
            if (loaded) {
                return;
            }
            String resource = bundledLibrary();
            try {
                if (resource == null) {
                    nu.pattern.OpenCV.loadLocally();
                } else {
                    System.load(cachedCopy(resource).toString());
                }
            } catch (IOException | UnsatisfiedLinkError e) {
                // The cache folder may be read-only or on a noexec mount: openpnp's own way still works.
                nu.pattern.OpenCV.loadLocally();
            }
            loaded = true;
        }
    }

    /** The library's resource path inside the openpnp jar for this OS and CPU, or null when unknown. */
    private static String bundledLibrary() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "").toLowerCase(Locale.ROOT);
        String osDir = os.contains("linux") ? "linux" : os.contains("mac") ? "osx" : os.contains("win") ? "windows" : null;
        String archDir = switch (arch) {
            case "amd64", "x86_64" -> "x86_64";
            case "aarch64", "arm64" -> "ARMv8";
            default -> null;
        };
        if (osDir == null || archDir == null) {
            return null;
        }
        return "/nu/pattern/opencv/" + osDir + "/" + archDir + "/" + System.mapLibraryName(Core.NATIVE_LIBRARY_NAME);
    }

    private static Path cachedCopy(String resource) throws IOException {
        Path dir = cacheFolder().resolve("opencv-" + VERSION);
        Path target = dir.resolve(resource.substring(resource.lastIndexOf('/') + 1));
        URL url = OpenCv.class.getResource(resource);
        if (url == null) {
            throw new IOException("not bundled: " + resource);
        }
        // A jar entry's size comes from the jar's directory, without inflating 65 MB.
        long expected = url.openConnection().getContentLengthLong();
        if (expected > 0 && Files.isRegularFile(target) && Files.size(target) == expected) {
            return target;
        }
        Files.createDirectories(dir);
        // Copy under a temporary name, then rename: concurrent JVMs never load a half-written library.
        Path temp = Files.createTempFile(dir, ".lib", ".tmp");
        try (InputStream in = url.openStream()) {
            Files.copy(in, temp, StandardCopyOption.REPLACE_EXISTING);
            Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(temp);
        }
        return target;
    }

    /** loomy's cache folder: {@code -Dloomy.cache}, else {@code $XDG_CACHE_HOME/loomy}, else {@code ~/.cache/loomy}. */
    public static Path cacheFolder() {
        String configured = System.getProperty("loomy.cache");
        if (configured != null && !configured.isBlank()) {
            return Path.of(configured);
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        if (xdg != null && !xdg.isBlank()) {
            return Path.of(xdg, "loomy");
        }
        return Path.of(System.getProperty("user.home"), ".cache", "loomy");
    }
}
