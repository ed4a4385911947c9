package dev.loomy.engine.spark;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;

/** A file system served on 127.0.0.1 for the tests, and what they do with it through Hadoop's client. */
interface Storage extends AutoCloseable {

    /** Its root as a URI: {@code hdfs://127.0.0.1:PORT}, {@code s3a://BUCKET}. */
    String root();

    /** What Hadoop's client needs to reach it. */
    Configuration conf();

    /** The same settings as loomy takes them: {@code --spark-conf=spark.hadoop.KEY=VALUE} each. */
    default List<String> sparkConf() {
        return List.of();
    }

    /** A file system of its own, not Hadoop's shared one, so that closing it closes nothing of loomy's. */
    default FileSystem fileSystem() throws IOException {
        return FileSystem.newInstance(URI.create(root()), conf());
    }

    /** Copies the local folder {@code from} to {@code to}, a URI below the root. */
    default void upload(Path from, String to) throws IOException {
        try (FileSystem fs = fileSystem()) {
            fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(from.toUri()),
                    new org.apache.hadoop.fs.Path(to));
        }
    }

    /** Writes {@code bytes} as the file {@code uri}. */
    default void write(String uri, byte[] bytes) throws IOException {
        try (FileSystem fs = fileSystem(); var out = fs.create(new org.apache.hadoop.fs.Path(uri), true)) {
            out.write(bytes);
        }
    }

    /** Every file below {@code uri} (hidden ones included) with its bytes, by path relative to it; none when it is absent. */
    default Map<String, byte[]> files(String uri) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (FileSystem fs = fileSystem()) {
            org.apache.hadoop.fs.Path root = fs.makeQualified(new org.apache.hadoop.fs.Path(uri));
            if (!fs.exists(root)) {
                return files;
            }
            RemoteIterator<LocatedFileStatus> all = fs.listFiles(root, true);
            while (all.hasNext()) {
                org.apache.hadoop.fs.Path file = all.next().getPath();
                try (var in = fs.open(file)) {
                    files.put(file.toString().substring(root.toString().length() + 1), in.readAllBytes());
                }
            }
        }
        return files;
    }

    @Override
    void close() throws IOException;
}
