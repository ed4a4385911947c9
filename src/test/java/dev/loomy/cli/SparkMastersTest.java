package dev.loomy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SparkMastersTest {

    private static String problem(String master) {
        return SparkMasters.problem(master, m -> false);
    }

    @Test
    void takesWhatSparkTakes() {
        for (String master : new String[] {"local", "local[1]", "local[*]", "local[2,3]", "local[*, 4]",
                "local-cluster[2,1,1024]", "spark://127.0.0.1:7077", "spark://a.example:7077,b.example:7078",
                "spark://[::1]:7077"}) {
            assertThat(problem(master)).as(master).isNull();
        }
        // yarn, k8s:// and any other form are Spark's cluster managers' to take, found on the class path.
        assertThat(SparkMasters.problem("yarn", "yarn"::equals)).isNull();
        assertThat(SparkMasters.problem("k8s://https://10.0.0.1:6443", m -> m.startsWith("k8s"))).isNull();
    }

    @Test
    void localTaskThreadsAreBoundedByTheCores() {
        assertThat(SparkMasters.problem("local[99999]", m -> false, 2))
                .isEqualTo("--master=local[99999]: at most 4 task threads a core, 8 on this machine's 2 cores");
        assertThat(SparkMasters.problem("local[9,2]", m -> false, 2)).contains("at most 4 task threads a core");
        assertThat(SparkMasters.problem("local[8]", m -> false, 2)).isNull();
        assertThat(SparkMasters.problem("local[*]", m -> false, 1)).isNull();
    }

    @Test
    void anUnknownFormIsRefusedInOneLineThatListsTheFormsSparkTakes() {
        assertThat(problem("bogus")).isEqualTo("--master=bogus: not a master URL that Spark takes (local, local[N], "
                + "local[*], local[N,F], local-cluster[N,C,M], spark://HOST:PORT[,HOST:PORT...], yarn, k8s://URL)");
        assertThat(problem("local[2")).startsWith("--master=local[2: not a master URL that Spark takes (");
        assertThat(problem("k8s://")).startsWith("--master=k8s://: not a master URL that Spark takes (");
    }

    @Test
    void whatSparkWouldRefuseOnlyWhenItStartsIsRefusedHere() {
        assertThat(problem("local[0]")).isEqualTo("--master=local[0]: the number of task threads must be 1 to 2147483647");
        assertThat(problem("local[99999999999]")).contains("task threads must be 1 to");
        assertThat(problem("local[2,99999999999]")).contains("tries per task");
        assertThat(problem("local-cluster[0,1,1024]")).contains("each at least 1");
        assertThat(problem("spark://127.0.0.1")).isEqualTo("--master=spark://127.0.0.1: a standalone master is "
                + "spark://HOST:PORT (several: spark://HOST:PORT,HOST:PORT), not '127.0.0.1'");
        assertThat(problem("spark://host:7077/")).contains("not 'host:7077/'");
        assertThat(problem("spark://host:0")).contains("not 'host:0'");
        assertThat(problem("spark://host:70000")).contains("not 'host:70000'");
        assertThat(problem("spark://a:1,")).contains("not an empty address");
    }

    @Test
    void yarnAndKubernetesWithoutTheirSparkModuleSaySo() {
        assertThat(problem("yarn")).isEqualTo("--master=yarn: needs Spark's YARN support (spark-yarn_2.13) on the "
                + "class path; loomy's Spark build has Spark's core only");
        assertThat(problem("k8s://https://10.0.0.1:6443")).contains("Kubernetes support (spark-kubernetes_2.13)");
    }
}
