package dev.loomy.engine.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.OutputStream;
import java.net.UnknownHostException;
import java.nio.file.AccessDeniedException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;

import dev.loomy.files.ImageExtensions;
import dev.loomy.files.ImageFile;
import dev.loomy.files.InputProblem;
import dev.loomy.files.UriFiles;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.OneWriter;

/**
 * Files named by URIs, through Hadoop's FileSystem: {@code file:} always, {@code hdfs:},
 * {@code s3a:} and others where their connector is on the class path. The driver lists the
 * inputs and checks the output; executors read and write through the same class.
 */
public final class HadoopFiles implements UriFiles {

    private static final String PREFIX = "spark.hadoop.";

    private final Configuration conf;

    /**
     * @param sparkConf Spark's settings: those under {@code spark.hadoop.} are Hadoop's, as Spark itself takes
     *                  them; they win over the same settings among the system properties, where spark-submit
     *                  puts its own ({@code --conf}, spark-defaults.conf), which a SparkConf reads too
     */
    public HadoopFiles(Map<String, String> sparkConf) {
        conf = new Configuration();
        System.getProperties().stringPropertyNames().forEach(key -> set(key, System.getProperty(key)));
        sparkConf.forEach(this::set);
    }

    private void set(String key, String value) {
        if (key.startsWith(PREFIX)) {
            conf.set(key.substring(PREFIX.length()), value);
        }
    }

    /**
     * {@code path}'s file system. For {@code file:}, the raw one under Hadoop's local file system,
     * which writes a {@code .crc} file beside each output: loomy's outputs are the same files, and
     * only those, whichever engine wrote them.
     */
    FileSystem fileSystem(Path path) throws IOException {
        FileSystem fs = path.getFileSystem(conf);
        return fs instanceof LocalFileSystem local ? local.getRawFileSystem() : fs;
    }

    @Override
    public Iterator<ImageFile> walk(String input) throws InputProblem {
        Path root = new Path(input);
        try {
            FileSystem fs = fileSystem(root);
            FileStatus status = fs.getFileStatus(root);
            if (!status.isDirectory()) {
                if (!ImageExtensions.isImage(java.nio.file.Path.of(root.getName()))) {
                    throw new InputProblem(input + ": not an image file (expected "
                            + String.join(", ", ImageExtensions.ALL) + ")");
                }
                return List.of(image(status.getPath(), root.getName())).iterator();
            }
            return new HadoopWalk(fs, status.getPath(), input);
        } catch (FileNotFoundException e) {
            throw new InputProblem(input + ": no such file or folder");
        } catch (IOException | RuntimeException e) {
            // A scheme without its connector on the class path, a name node that does not answer, ...
            throw new InputProblem(input + ": cannot be read (" + reason(e) + ")");
        }
    }

    /**
     * Why a file system could not be reached, short: Hadoop's and the AWS SDK's messages repeat the
     * URI and the request's details over a few hundred characters.
     */
    static String reason(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof UnknownHostException unknown) {
                return "unknown host " + unknown.getMessage().replaceAll(".*: ", "");
            }
            // S3A's, for a 404 on the bucket itself (hadoop-aws is not on the build's class path).
            if (cause.getClass().getSimpleName().equals("UnknownStoreException")) {
                return "no such bucket";
            }
            // S3A's translation of a 403.
            if (cause instanceof AccessDeniedException) {
                return "access denied: a wrong key or secret, or no permission";
            }
        }
        return ImageException.oneLine(e);
    }

    static ImageFile image(Path path, String relative) {
        return new ImageFile(java.nio.file.Path.of(path.toUri().getPath()), java.nio.file.Path.of(relative),
                path.toString());
    }

    @Override
    public void checkOutput(String output, List<String> inputs, Iterator<ImageFile> images,
                            Function<ImageFile, java.nio.file.Path> relativeOutput) throws InputProblem {
        try {
            String out = qualified(output);
            for (String input : inputs) {
                String in = qualified(input);
                if ((out.equals(in) || out.startsWith(in + "/")) && isFolder(input)) {
                    throw new InputProblem("output folder " + output + " is " + (out.equals(in) ? "the" : "inside the")
                            + " input folder " + input + ": choose another with -o");
                }
            }
            // Every clash is named, as the local engine's check names them. An output can only fall on an
            // input that lies in the output folder: those inputs are kept, not every image.
            Map<String, String> seen = new HashMap<>();
            Set<String> outputs = new HashSet<>();
            Map<String, String> inputsInOutput = new LinkedHashMap<>();
            List<String> clashes = new ArrayList<>();
            while (images.hasNext()) {
                ImageFile image = images.next();
                String relative = relativeOutput.apply(image).toString();
                String previous = seen.putIfAbsent(relative, shown(image));
                if (previous != null) {
                    clashes.add(previous + " and " + shown(image) + " would both be written as "
                            + relative + ": rename one, or run them separately");
                }
                outputs.add(out + "/" + relative);
                String in = qualified(shown(image));
                if (in.startsWith(out + "/")) {
                    inputsInOutput.put(in, shown(image));
                }
            }
            if (!clashes.isEmpty()) {
                throw new InputProblem(clashes, "name clashes");
            }
            for (Map.Entry<String, String> in : inputsInOutput.entrySet()) {
                if (outputs.contains(in.getKey())) {
                    throw new InputProblem("input " + in.getValue() + " would be overwritten by an output: choose "
                            + "another folder with -o");
                }
            }
            if (isUri(output)) {
                writable(new Path(output));
            }
        } catch (IOException | RuntimeException e) {
            throw new InputProblem("--output=" + output + ": cannot be written (" + reason(e) + ")");
        }
    }

    /** Makes the folder and writes and deletes a temporary file in it, so that a folder that cannot be written is found now. */
    private void writable(Path folder) throws IOException {
        FileSystem fs = fileSystem(folder);
        if (!fs.mkdirs(folder)) {
            throw new IOException("the folder cannot be made");
        }
        Path probe = new Path(folder, OneWriter.nameBeside(java.nio.file.Path.of("probe")).getFileName().toString());
        fs.create(probe, false).close();
        fs.delete(probe, false);
    }

    private static String shown(ImageFile image) {
        return image.uri() != null ? image.uri() : image.path().toString();
    }

    /** A URI or a path, made absolute and with its scheme (and authority), so that two names of one place match. */
    private String qualified(String location) {
        try {
            Path path = isUri(location) ? new Path(location)
                    : new Path(java.nio.file.Path.of(location).toAbsolutePath().normalize().toUri());
            String name = fileSystem(path).makeQualified(path).toString();
            return name.endsWith("/") ? name.substring(0, name.length() - 1) : name;
        } catch (IOException e) {
            throw new IllegalArgumentException(location + ": " + ImageException.oneLine(e), e);
        }
    }

    private boolean isFolder(String location) throws IOException {
        Path path = isUri(location) ? new Path(location) : new Path(java.nio.file.Path.of(location).toAbsolutePath().toUri());
        try {
            return fileSystem(path).getFileStatus(path).isDirectory();
        } catch (FileNotFoundException e) {
            return false;
        }
    }

    /** How the driver sends locations to executors: a URI, or an absolute path (which starts with a slash). */
    static boolean isUri(String location) {
        return !location.startsWith("/") && location.matches("(?s)^[A-Za-z][A-Za-z0-9+.-]*:/.*");
    }

    /** What writes a file's bytes. */
    interface Content {
        void write(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code target} whole or not at all: into a hidden temporary file beside it, named as
     * {@link OneWriter} names them (with the run's id, which executors have from the driver), then
     * renamed over it. HDFS and object stores do not rename over an existing file: a retried or
     * speculative attempt's output, complete and the same bytes, is deleted first.
     */
    void replace(Path target, Content content) throws IOException {
        FileSystem fs = fileSystem(target);
        Path temp = new Path(target.getParent(),
                OneWriter.nameBeside(java.nio.file.Path.of(target.getName())).getFileName().toString());
        boolean renamed = false;
        try {
            try (FSDataOutputStream out = fs.create(temp, false)) {
                content.write(out);
            }
            if (!renamed(fs, temp, target)) {
                fs.delete(target, false);
                if (!fs.rename(temp, target)) {
                    throw new IOException("cannot rename " + temp + " to " + target.getName());
                }
            }
            renamed = true;
        } finally {
            if (!renamed) {
                fs.delete(temp, false);
            }
        }
    }

    /** Whether {@code temp} became {@code target}: not where a file is there already (HDFS says false, S3A throws). */
    private static boolean renamed(FileSystem fs, Path temp, Path target) throws IOException {
        try {
            return fs.rename(temp, target);
        } catch (FileAlreadyExistsException e) {
            return false;
        }
    }

    /** Deletes this run's temporary files below {@code folder}: left by tasks killed mid-write. Returns how many. */
    int sweepThisRun(String folder) {
        int deleted = 0;
        try {
            Path root = new Path(folder);
            FileSystem fs = fileSystem(root);
            if (!fs.exists(root)) {
                return 0;
            }
            RemoteIterator<LocatedFileStatus> files = fs.listFiles(root, true);
            while (files.hasNext()) {
                Path file = files.next().getPath();
                if (OneWriter.ofThisRun(file.getName()) && fs.delete(file, false)) {
                    deleted++;
                }
            }
        } catch (IOException e) {
            // What could not be listed is left; its names say which run left it.
        }
        return deleted;
    }
}
