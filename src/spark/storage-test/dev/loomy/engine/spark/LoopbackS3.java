package dev.loomy.engine.spark;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.hadoop.conf.Configuration;

/**
 * An S3 service on 127.0.0.1: s3proxy, its own process (from its jar-with-dependencies, so
 * that none of its libraries meet Spark's here), keeping the buckets as folders below a folder
 * of the caller's. It checks AWS signatures: a client with other keys is refused as by S3.
 */
final class LoopbackS3 implements Storage {

    static final String ACCESS_KEY = "loomy-access";
    static final String SECRET_KEY = "loomy-secret";
    private static final long START_MILLIS = 60_000;

    private final Process process;
    private final Path folder;
    private final int port;
    private final String bucket;
    private final String secret;

    private LoopbackS3(Process process, Path folder, int port, String bucket, String secret) {
        this.process = process;
        this.folder = folder;
        this.port = port;
        this.bucket = bucket;
        this.secret = secret;
    }

    /** Starts s3proxy with the given buckets (the first one is {@link #root()}'s), its blobs and log below {@code folder}. */
    static LoopbackS3 start(Path folder, String... buckets) throws IOException {
        String jar = System.getProperty("loomy.s3proxy.jar");
        if (jar == null || !Files.isRegularFile(Path.of(jar))) {
            throw new IllegalStateException("s3proxy's jar is not at " + jar + ": run the tests through ./run.sh test-spark");
        }
        Path blobs = Files.createDirectories(folder.resolve("blobs"));
        for (String bucket : buckets) {
            Files.createDirectories(blobs.resolve(bucket));
        }
        int port = freePort();
        Path properties = folder.resolve("s3proxy.properties");
        Files.writeString(properties, String.join("\n",
                "s3proxy.endpoint=http://127.0.0.1:" + port,
                "s3proxy.authorization=aws-v2-or-v4",
                "s3proxy.identity=" + ACCESS_KEY,
                "s3proxy.credential=" + SECRET_KEY,
                "jclouds.provider=filesystem",
                "jclouds.filesystem.basedir=" + blobs) + "\n");
        String java = ProcessHandle.current().info().command().orElse("java");
        Path temp = Files.createDirectories(folder.resolve("tmp"));
        Process process = new ProcessBuilder(java, "-Xmx256m", "-Djava.io.tmpdir=" + temp, "-jar", jar,
                "--properties", properties.toString())
                .redirectErrorStream(true).redirectOutput(folder.resolve("s3proxy.log").toFile()).start();
        LoopbackS3 s3 = new LoopbackS3(process, folder, port, buckets[0], SECRET_KEY);
        long deadline = System.currentTimeMillis() + START_MILLIS;
        while (!listening(port)) {
            if (!process.isAlive() || System.currentTimeMillis() > deadline) {
                s3.close();
                throw new IOException("s3proxy did not start on port " + port + ": "
                        + Files.readString(folder.resolve("s3proxy.log")));
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                s3.close();
                Thread.currentThread().interrupt();
                throw new IOException("interrupted while s3proxy started", e);
            }
        }
        return s3;
    }

    /** The same service seen as {@code bucket} (which may not exist) with {@code secret}; closing either stops it. */
    LoopbackS3 as(String bucket, String secret) {
        return new LoopbackS3(process, folder, port, bucket, secret);
    }

    long pid() {
        return process.pid();
    }

    String endpoint() {
        return "http://127.0.0.1:" + port;
    }

    @Override
    public String root() {
        return "s3a://" + bucket;
    }

    /** Hadoop's S3A settings for this service, as Hadoop's own S3 tests against a local store use them. */
    Map<String, String> settings() {
        Map<String, String> settings = new LinkedHashMap<>();
        settings.put("fs.s3a.endpoint", endpoint());
        settings.put("fs.s3a.endpoint.region", "us-east-1");
        settings.put("fs.s3a.path.style.access", "true");
        settings.put("fs.s3a.connection.ssl.enabled", "false");
        settings.put("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        settings.put("fs.s3a.access.key", ACCESS_KEY);
        settings.put("fs.s3a.secret.key", secret);
        // Where S3A keeps each upload's blocks until it sends them: by default a folder it makes in
        // /tmp/hadoop-USER and leaves there.
        settings.put("fs.s3a.buffer.dir", folder.resolve("buffer").toString());
        return settings;
    }

    @Override
    public Configuration conf() {
        Configuration conf = new Configuration();
        settings().forEach(conf::set);
        return conf;
    }

    @Override
    public List<String> sparkConf() {
        List<String> options = new ArrayList<>();
        settings().forEach((key, value) -> options.add("--spark-conf=spark.hadoop." + key + "=" + value));
        return options;
    }

    @Override
    public void close() throws IOException {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static boolean listening(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
