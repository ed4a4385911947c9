import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;

import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;

/**
 * A build step: writes the classes of a jar into a folder as Java 8 class files (version 52, stack
 * map frames computed), {@code java -cp asm.jar src/build/Java8ClassFiles.java JAR FOLDER}. picocli
 * ships Java 5 class files, which the JVM verifies with its old verifier and which neither the
 * class-data archive nor the ahead-of-time cache can hold: rewritten, they are archived, and a start
 * no longer parses and verifies them.
 */
public final class Java8ClassFiles {

    public static void main(String[] args) throws IOException {
        Path jar = Path.of(args[0]);
        Path folder = Path.of(args[1]);
        int written = 0;
        try (URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
                ClassLoader.getPlatformClassLoader()); InputStream in = Files.newInputStream(jar);
             ZipInputStream entries = new ZipInputStream(in)) {
            for (ZipEntry entry; (entry = entries.getNextEntry()) != null; ) {
                if (entry.isDirectory() || !entry.getName().endsWith(".class") || entry.getName().contains("module-info")) {
                    continue;
                }
                Path target = folder.resolve(entry.getName());
                Files.createDirectories(target.getParent());
                Files.write(target, java8(entries.readAllBytes(), loader));
                written++;
            }
        }
        System.out.println("Java8ClassFiles: " + written + " classes of " + jar.getFileName() + " into " + folder);
    }

    private static byte[] java8(byte[] classFile, ClassLoader loader) {
        ClassWriter writer = new ClassWriter(ClassWriter.COMPUTE_FRAMES) {
            // The common superclass of two types, for a frame: looked up among the jar's classes too.
            @Override
            protected ClassLoader getClassLoader() {
                return loader;
            }
        };
        new ClassReader(classFile).accept(new ClassVisitor(Opcodes.ASM9, writer) {
            @Override
            public void visit(int version, int access, String name, String signature, String superName,
                              String[] interfaces) {
                super.visit(Math.max(version, Opcodes.V1_8), access, name, signature, superName, interfaces);
            }
        }, ClassReader.SKIP_FRAMES);
        return writer.toByteArray();
    }
}
