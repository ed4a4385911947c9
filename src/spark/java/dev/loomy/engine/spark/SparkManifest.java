package dev.loomy.engine.spark;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import dev.loomy.engine.FailureLog;
import dev.loomy.engine.OpenManifest;
import dev.loomy.files.ImageFile;
import dev.loomy.files.IoReasons;
import dev.loomy.files.Names;
import dev.loomy.manifest.Incremental;
import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestException;
import dev.loomy.manifest.ManifestIndex;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.run.RunConfig;
import dev.loomy.run.Trial;

/**
 * The output folder's manifest as the Spark driver keeps it: read once when the run starts, so
 * that an image whose output is up to date ({@code --incremental}) never goes into a task; and
 * appended with each task's records as its result reaches the driver, so that a driver killed
 * mid-run keeps what the tasks finished by then made. Executors only return records
 * ({@link OutputRecords}). The folder's lock is taken for the whole run by the command, as for
 * the local engine. Kept where the local engine keeps it: in an output folder on a path or a
 * {@code file:} URI; a run into HDFS or S3 records nothing ({@code --incremental} is refused there).
 */
final class SparkManifest implements AutoCloseable {

    private final RunConfig config;
    private final Path root;
    private final Manifest manifest;
    private final HadoopFiles files;
    private final Map<String, String> definitions;
    private final Map<String, Incremental> byFilter = new HashMap<>();

    private SparkManifest(RunConfig config, Path root, Manifest manifest, ManifestIndex index, HadoopFiles files) {
        this.config = config;
        this.root = root.toAbsolutePath().normalize();
        this.manifest = manifest;
        this.files = files;
        this.definitions = OpenManifest.definitions(config);
        definitions.forEach((filter, definition) -> byFilter.put(filter, new Incremental(this.root, index, definition,
                manifest::append, config.output().incremental())));
    }

    /** The manifest of {@code config}'s output folder, or null when its outputs are not recorded. */
    static SparkManifest open(RunConfig config, HadoopFiles files) throws ManifestException {
        Path root = OpenManifest.folder(config);
        if (root == null || !Manifest.kept(root, config.output().incremental())) {
            return null;
        }
        ManifestIndex index = config.output().incremental() ? Manifest.index(root) : new ManifestIndex();
        return new SparkManifest(config, root, Manifest.open(root), index, files);
    }

    /** Whether {@code image}'s output in {@code trial} is up to date ({@code --incremental}): then no task does it. */
    boolean upToDate(ImageFile image, Trial trial) {
        if (!config.output().incremental()) {
            return false;
        }
        Path output = config.layoutWithin(root).outputFor(image, trial.filter(), trial.strategyName());
        Incremental incremental = byFilter.get(trial.filter());
        if (image.uri() == null) {
            // An image on a path, as the local engine has it: what the walk saw of it stands for a look.
            return incremental.upToDate(image, output);
        }
        return incremental.upToDate(OutputRecords.name(image.uri()), OutputRecords.look(image.uri(), files), output);
    }

    /** {@code work}, its tasks told where their outputs' records are relative to and what made them. */
    Work recorded(Work work) {
        return work.recorded(root.toString(), definitions.get(work.filter()));
    }

    /** Appends the records of the outputs {@code result}'s task made; one that cannot be appended is said. */
    void append(BatchResult result, FailureLog failures) {
        for (ManifestRecord record : result.records()) {
            String output = Names.shown(root.resolve(record.output()));
            try {
                if (!manifest.append(record)) {
                    failures.report(output, "written, but its record is too long for the manifest");
                }
            } catch (IOException e) {
                failures.report(output, "written, but not recorded in the manifest: " + IoReasons.of(e));
            }
        }
    }

    @Override
    public void close() {
        try {
            manifest.close();
        } catch (IOException e) {
            throw new UncheckedIOException(Names.shown(manifest.file()) + ": cannot be closed", e);
        }
    }
}
