package dev.loomy.cli;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * A jar whose manifest runs loomy's Main from the test's class path, as loomy's own jar does: for
 * tests of run.sh, which the real jar is built only after.
 */
final class ClassPathJar {

    private ClassPathJar() {
    }

    static Path write(Path jar) throws IOException {
        Manifest manifest = new Manifest();
        Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.put(Attributes.Name.MAIN_CLASS, "dev.loomy.cli.Main");
        attributes.put(new Attributes.Name("Enable-Native-Access"), "ALL-UNNAMED");
        List<String> classPath = new ArrayList<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            classPath.add(Path.of(entry).toAbsolutePath().toUri().toString());
        }
        attributes.put(Attributes.Name.CLASS_PATH, String.join(" ", classPath));
        Files.createDirectories(jar.getParent());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest)) {
            return jar;
        }
    }
}
