package dev.loomy.engine.spark;

import java.io.IOException;
import java.nio.file.Path;

import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/**
 * A real HDFS on 127.0.0.1: Hadoop's MiniDFSCluster, one name node and one data node in this
 * JVM, its blocks and metadata below a folder of the caller's, deleted when it is closed.
 */
final class LoopbackHdfs implements Storage {

    private final MiniDFSCluster cluster;

    private LoopbackHdfs(MiniDFSCluster cluster) {
        this.cluster = cluster;
    }

    static LoopbackHdfs start(Path folder) throws IOException {
        Configuration conf = new Configuration();
        // Its web pages on the loopback interface too, on ports of its own choosing.
        conf.set("dfs.namenode.http-address", "127.0.0.1:0");
        conf.set("dfs.datanode.http.address", "127.0.0.1:0");
        conf.set("dfs.datanode.address", "127.0.0.1:0");
        conf.set("dfs.datanode.ipc.address", "127.0.0.1:0");
        MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf, folder.toFile()).numDataNodes(1).build();
        cluster.waitActive();
        return new LoopbackHdfs(cluster);
    }

    @Override
    public String root() {
        return "hdfs://127.0.0.1:" + cluster.getNameNodePort();
    }

    @Override
    public Configuration conf() {
        return new Configuration();
    }

    @Override
    public void close() {
        cluster.shutdown(true);
    }
}
