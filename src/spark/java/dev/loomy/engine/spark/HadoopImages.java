package dev.loomy.engine.spark;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.opencv.core.Mat;

import dev.loomy.files.Names;
import dev.loomy.imageio.ImageException;
import dev.loomy.imageio.ImageReader;
import dev.loomy.imageio.ImageWriter;
import dev.loomy.imageio.KeepMetadata;
import dev.loomy.imageio.SourceFile;
import dev.loomy.imageio.OneWriter;
import dev.loomy.opencv.Mats;

/**
 * One task's images named by URIs. The pipeline carries paths: each URI gets a stand-in path,
 * and the reader and writer made here read and write the URI behind it through Hadoop's
 * FileSystem (plain paths as the local engine does). Bytes go straight between the file
 * system and native memory, decoded by OpenCV from there.
 */
final class HadoopImages {

    private final HadoopFiles files;
    private final Map<Path, String> uris = new ConcurrentHashMap<>();
    private final Map<String, String> byShownName = new ConcurrentHashMap<>();

    HadoopImages(HadoopFiles files) {
        this.files = files;
    }

    /** A path that stands for {@code uri} in the pipeline: unique in the task, with the URI's file name. */
    Path standIn(String role, int index, String uri) {
        Path path = Path.of("/", role + index, new org.apache.hadoop.fs.Path(uri).getName());
        uris.put(path, uri);
        byShownName.put(Names.shown(path), uri);
        return path;
    }

    /** The URI that {@code path} stands in for, or the path itself. */
    String location(Path path) {
        return uris.getOrDefault(path, path.toString());
    }

    /** The URI that a failure's file name stands for, or the name itself. */
    String named(String shown) {
        return byShownName.getOrDefault(shown, shown);
    }

    /** Whether this executor sees {@code uri}; a file system that cannot be reached says why. */
    boolean exists(String uri) throws IOException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(uri);
        return files.fileSystem(path).exists(path);
    }

    ImageReader reader(Duration ioLatency, boolean strict, KeepMetadata keep) {
        return new ImageReader(ioLatency, strict, keep) {
            @Override
            protected Mat load(Path file) throws ImageException {
                String uri = uris.get(file);
                return uri == null ? super.load(file) : readUri(file, uri);
            }
        };
    }

    /** @param quality of JPEG and WebP images ({@code --quality}) */
    ImageWriter writer(OneWriter temps, int quality) {
        return new ImageWriter(temps, quality) {
            @Override
            protected void store(ByteBuffer bytes, Path target) throws IOException {
                String uri = uris.get(target);
                if (uri == null) {
                    super.store(bytes, target);
                } else {
                    files.replace(new org.apache.hadoop.fs.Path(uri), out -> copy(bytes, out));
                }
            }
        };
    }

    private Mat readUri(Path file, String uri) throws ImageException {
        org.apache.hadoop.fs.Path path = new org.apache.hadoop.fs.Path(uri);
        // Read whole but the stream failing to close: released here, not left to the collector.
        Mat bytes = null;
        try {
            FileSystem fs = files.fileSystem(path);
            FileStatus status = fs.getFileStatus(path);
            if (status.isDirectory()) {
                throw new ImageException(file, "is a folder, not an image file");
            }
            try (FSDataInputStream in = fs.open(path)) {
                bytes = SourceFile.read(file, Channels.newChannel(in), status.getLen());
            }
            Mat read = bytes;
            bytes = null;
            return read;
        } catch (FileNotFoundException e) {
            throw new ImageException(file, "no longer exists (removed after the folder was walked)");
        } catch (IOException e) {
            throw new ImageException(file, "cannot be read: " + ImageException.oneLine(e));
        } finally {
            Mats.free(bytes);
        }
    }
}
