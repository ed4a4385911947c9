package dev.loomy.report;

import java.util.Locale;
import java.util.Map;

import dev.loomy.measure.MachineInfo;

/** The sentences every human format prints once: what was measured, and on what. */
final class Captions {

    private Captions() {
    }

    /** E.g. "Time: wall time of one whole run over all 48 images, median of 3 runs after 1 warm-up (min-max over the 3); ..." */
    static String method(Results results) {
        int runs = results.runs();
        return "Time: wall time of one whole run over all " + results.images() + " images, median of "
                + runs(results) + (runs > 1 ? " (min-max over the " + runs + ")" : "") + "; "
                + (results.forked() ? "each strategy and filter measured in its own JVM."
                        : results.measurements().size() > 1 ? "all measured in one JVM, one after the other."
                        : "measured in loomy's own JVM.");
    }

    /** E.g. "Machine: 2 cores, 23.4 GiB, Intel(R) Xeon(R) ..., Linux 6.1 (amd64), Eclipse Adoptium 25; parallelism 2, cv-threads 1." */
    static String machine(Results results) {
        MachineInfo m = results.machine();
        StringBuilder line = new StringBuilder("Machine: ").append(m.cores()).append(m.cores() == 1 ? " core" : " cores");
        if (m.memoryBytes() > 0) {
            line.append(", ").append(String.format(Locale.ROOT, "%.1f GiB", m.memoryBytes() / (1024.0 * 1024 * 1024)));
        }
        line.append(", ").append(m.cpu()).append(", ").append(m.os()).append(", ").append(m.jdk());
        Map<String, Object> o = results.options();
        line.append("; parallelism ").append(o.get("parallelism")).append(", cv-threads ").append(o.get("cv-threads"));
        Object latency = o.get("io-latency");
        if (latency != null && !"0".equals(latency.toString())) {
            line.append(", io-latency ").append(latency);
        }
        if (Boolean.TRUE.equals(o.get("no-write"))) {
            line.append(", nothing written");
        }
        if (Boolean.TRUE.equals(o.get("reproducible"))) {
            line.append(", reproducible (OpenCV's baseline code: the same bytes on every x86-64 CPU)");
        }
        return line.append('.').toString();
    }

    /** "3 runs after 1 warm-up", "1 run, no warm-up". */
    static String runs(Results results) {
        int runs = results.runs();
        int warmups = results.warmups();
        return runs + (runs == 1 ? " run" : " runs")
                + (warmups == 0 ? ", no warm-up" : " after " + warmups + " warm-up" + (warmups == 1 ? "" : "s"));
    }

    /** What the columns beyond the article's mean, in one paragraph. */
    static String legend(Results results) {
        return "Avg: images / median time; vs loop: loop's median time / this median time; p50/p95: one image's "
                + "latency, submission to completion, over every image of the counted runs; Threads: peak live "
                + "platform threads in the measuring JVM (its own included); RSS: peak resident memory of that JVM"
                + (results.rssUnwindowed() ? " (* since the JVM started: the peak could not be reset per run here)" : "")
                + ".";
    }
}
