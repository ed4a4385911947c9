package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spark engine on {@code local[2,2]} reading and writing S3 through Hadoop's S3A (s3proxy on 127.0.0.1). */
class S3StorageTest {

    @TempDir
    static Path dir;

    private static LoopbackS3 s3;
    private static Path images;

    @BeforeAll
    static void start() throws IOException {
        // "locked" is only ever reached with the wrong key: Hadoop keeps one client per bucket in a JVM.
        s3 = LoopbackS3.start(dir.resolve("s3"), "photos", "locked");
        images = StorageCases.images(dir.resolve("images"));
        s3.upload(images, s3.root() + "/in");
        StorageCases.local(images, dir.resolve("local"));
    }

    @AfterAll
    static void stop() throws IOException {
        if (s3 != null) {
            s3.close();
        }
    }

    @Test
    void imagesOnS3ComeOutAsTheLocalEnginesFilesBitForBit() throws IOException {
        StorageCases.sameFilesAsTheLocalEngine(s3, s3.root() + "/in", s3.root() + "/out", dir.resolve("local"));
    }

    @Test
    void anIncrementalRunRecordsImagesOnS3ByTheirUrisAndSkipsThemAfter() throws IOException {
        StorageCases.incrementalFromStorage(s3, s3.root() + "/in", dir.resolve("incremental"));
    }

    @Test
    void aMissingBucketIsOneLineAndBadUsage() {
        StorageCases.refused(s3.sparkConf(), "loomy: s3a://no-such-bucket/in: cannot be read (no such bucket)", "-o",
                dir.resolve("never").toString(), "s3a://no-such-bucket/in");
        StorageCases.refused(s3.sparkConf(), "loomy: --output=s3a://no-such-bucket/out: cannot be written (no such bucket)", "-o",
                "s3a://no-such-bucket/out", images.toString());

        assertThat(dir.resolve("never")).doesNotExist();
    }

    @Test
    void wrongCredentialsAreOneLineAndBadUsage() throws IOException {
        LoopbackS3 locked = s3.as("locked", "not-the-secret");
        StorageCases.refused(locked.sparkConf(), "loomy: s3a://locked/in: cannot be read (access denied: a wrong key or secret, or no permission)", "-o",
                dir.resolve("never").toString(), "s3a://locked/in");
        StorageCases.refused(locked.sparkConf(), "loomy: --output=s3a://locked/out: cannot be written (access denied: a wrong key or secret, or no permission)", "-o",
                "s3a://locked/out", images.toString());

        assertThat(dir.resolve("never")).doesNotExist();
        assertThat(s3.as("locked", LoopbackS3.SECRET_KEY).files("s3a://locked/")).isEmpty();
    }

    @Test
    void anUnknownEndpointHostIsOneLineAndBadUsage() {
        String endpoint = "--spark-conf=spark.hadoop.fs.s3a.endpoint=http://no-such-host.invalid:9000";
        List<String> conf = new ArrayList<>(s3.as("elsewhere", LoopbackS3.SECRET_KEY).sparkConf());
        conf.add(endpoint);
        StorageCases.refused(conf, "loomy: s3a://elsewhere/in: cannot be read (unknown host no-such-host.invalid)", "-o",
                dir.resolve("never").toString(), "s3a://elsewhere/in");
    }
}
