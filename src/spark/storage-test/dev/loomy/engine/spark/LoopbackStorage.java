package dev.loomy.engine.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.Properties;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;

/**
 * The tests' HDFS and S3 as a process of their own, for the scripts that test loomy as users
 * run it (a loopback cluster, spark-submit), with what those scripts do there:
 * <pre>
 *   serve FOLDER        starts both below FOLDER, writes FOLDER/hadoop.properties (the URIs and
 *                       the client's settings), serves until stopped (SIGTERM)
 *   put FOLDER LOCAL URI   copies a local folder there
 *   get FOLDER URI LOCAL   copies a folder from there, hidden files included
 *   count FOLDER URI       prints how many files (not hidden) are below URI
 * </pre>
 */
final class LoopbackStorage {

    private static final String BUCKET = "loomy";

    private LoopbackStorage() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[1]);
        switch (args[0]) {
            case "serve" -> serve(folder);
            case "put" -> {
                try (FileSystem fs = fileSystem(folder, args[3])) {
                    fs.copyFromLocalFile(false, true, new org.apache.hadoop.fs.Path(Path.of(args[2]).toUri()),
                            new org.apache.hadoop.fs.Path(args[3]));
                }
            }
            case "get" -> {
                try (FileSystem fs = fileSystem(folder, args[2])) {
                    fs.copyToLocalFile(false, new org.apache.hadoop.fs.Path(args[2]),
                            new org.apache.hadoop.fs.Path(Path.of(args[3]).toUri()), true);
                }
            }
            case "count" -> {
                long files = 0;
                try (FileSystem fs = fileSystem(folder, args[2])) {
                    org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(args[2]);
                    if (fs.exists(root)) {
                        RemoteIterator<LocatedFileStatus> all = fs.listFiles(root, true);
                        while (all.hasNext()) {
                            files += all.next().getPath().getName().startsWith(".") ? 0 : 1;
                        }
                    }
                }
                System.out.println(files);
            }
            default -> throw new IllegalArgumentException("serve, put, get or count, not " + args[0]);
        }
    }

    private static void serve(Path folder) throws IOException, InterruptedException {
        LoopbackHdfs hdfs = LoopbackHdfs.start(folder.resolve("hdfs"));
        LoopbackS3 s3;
        try {
            s3 = LoopbackS3.start(folder.resolve("s3"), BUCKET);
        } catch (IOException | RuntimeException e) {
            hdfs.close();
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                s3.close();
            } catch (IOException e) {
                // Stopping anyway.
            }
            hdfs.close();
        }));
        Properties properties = new Properties();
        properties.setProperty("loomy.hdfs", hdfs.root());
        properties.setProperty("loomy.s3", s3.root());
        properties.setProperty("loomy.s3proxy.pid", Long.toString(s3.pid()));
        s3.settings().forEach(properties::setProperty);
        Path temp = folder.resolve("hadoop.properties.tmp");
        try (OutputStream out = Files.newOutputStream(temp)) {
            properties.store(out, "HDFS and S3 on 127.0.0.1");
        }
        // Whole or absent: the scripts wait for it.
        Files.move(temp, folder.resolve("hadoop.properties"), StandardCopyOption.ATOMIC_MOVE);
        Thread.currentThread().join();
    }

    private static FileSystem fileSystem(Path folder, String uri) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(folder.resolve("hadoop.properties"))) {
            properties.load(in);
        }
        Configuration conf = new Configuration();
        for (Map.Entry<Object, Object> entry : properties.entrySet()) {
            conf.set((String) entry.getKey(), (String) entry.getValue());
        }
        return FileSystem.newInstance(java.net.URI.create(uri), conf);
    }
}
