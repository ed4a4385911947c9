import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestRecord;

/**
 * What a manifest record costs to append: as loomy appends them (one write each, synced once at
 * the end), and synced after every record (a second channel on the same file forces it), the
 * alternative the manifest does not take. Prints "policy,records,total_ms,us_per_record".
 *
 *   java -cp target/loomy.jar bench/manifest/SyncCost.java DIR RECORDS
 */
public final class SyncCost {

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int records = Integer.parseInt(args[1]);
        for (boolean each : new boolean[] {false, true}) {
            Path root = Files.createDirectories(dir.resolve(each ? "each" : "once"));
            long start = System.nanoTime();
            try (Manifest manifest = Manifest.open(root);
                 FileChannel sync = FileChannel.open(Manifest.fileIn(root), StandardOpenOption.WRITE)) {
                for (int i = 0; i < records; i++) {
                    manifest.append(new ManifestRecord(String.format("d%04d/img%04d.png", i / 1000, i % 1000),
                            "/data/in/" + i + ".png", 120, 1_700_000_000_000L + i, "sha256:0123456789abcdef0123456789abcdef",
                            ManifestRecord.VERSION, 118));
                    if (each) {
                        sync.force(false);
                    }
                }
            }
            double ms = (System.nanoTime() - start) / 1e6;
            System.out.printf("%s,%d,%.1f,%.2f%n", each ? "fsync_each_record" : "fsync_at_close", records, ms,
                    ms * 1000 / records);
        }
    }
}
