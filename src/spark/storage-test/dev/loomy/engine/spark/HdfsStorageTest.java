package dev.loomy.engine.spark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Spark engine on {@code local[2,2]} reading and writing a real HDFS (a minicluster on 127.0.0.1). */
class HdfsStorageTest {

    @TempDir
    static Path dir;

    private static LoopbackHdfs hdfs;
    private static Path images;

    @BeforeAll
    static void start() throws IOException {
        hdfs = LoopbackHdfs.start(dir.resolve("hdfs"));
        images = StorageCases.images(dir.resolve("images"));
        hdfs.upload(images, hdfs.root() + "/photos");
        StorageCases.local(images, dir.resolve("local"));
    }

    @AfterAll
    static void stop() {
        if (hdfs != null) {
            hdfs.close();
        }
    }

    @Test
    void imagesOnHdfsComeOutAsTheLocalEnginesFilesBitForBit() throws IOException {
        StorageCases.sameFilesAsTheLocalEngine(hdfs, hdfs.root() + "/photos", hdfs.root() + "/out", dir.resolve("local"));
    }

    @Test
    void anIncrementalRunRecordsImagesOnHdfsByTheirUrisAndSkipsThemAfter() throws IOException {
        StorageCases.incrementalFromStorage(hdfs, hdfs.root() + "/photos", dir.resolve("incremental"));
    }

    @Test
    void anUnknownNameNodeOrAMissingFolderIsOneLineAndBadUsage() throws IOException {
        String unknown = "hdfs://no-such-host.invalid:8020";
        StorageCases.refused(List.of(), "loomy: " + unknown + "/photos: cannot be read (unknown host no-such-host.invalid)", "-o",
                dir.resolve("never").toString(), unknown + "/photos");
        StorageCases.refused(List.of(), "loomy: " + hdfs.root() + "/nothing: no such file or folder", "-o",
                dir.resolve("never").toString(), hdfs.root() + "/nothing");
        StorageCases.refused(List.of(), "loomy: --output=" + unknown + "/out: cannot be written (unknown host no-such-host.invalid)", "-o",
                unknown + "/out", hdfs.root() + "/photos");

        assertThat(dir.resolve("never")).doesNotExist();
        assertThat(hdfs.files(hdfs.root() + "/nothing")).isEmpty();
    }
}
