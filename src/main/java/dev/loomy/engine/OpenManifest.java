package dev.loomy.engine;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.loomy.files.ImageFile;
import dev.loomy.files.OutputLayout;
import dev.loomy.filter.Filter;
import dev.loomy.filter.config.ResolvedFilter;
import dev.loomy.imageio.OneWriter;
import dev.loomy.manifest.Incremental;
import dev.loomy.manifest.Manifest;
import dev.loomy.manifest.ManifestIndex;
import dev.loomy.manifest.ManifestRecord;
import dev.loomy.run.RunConfig;
import dev.loomy.strategy.Strategy;

/**
 * The output folder's manifest, open for one invocation, as the JVM that makes the outputs uses it:
 * read once into an index when the workload is made, appended as each output is renamed into place,
 * closed (and synced) with the workload. Outputs are recorded by an invocation with {@code
 * --incremental}, and by any invocation into a folder that has a manifest already, so that one
 * without it does not leave records that no longer describe the outputs it replaced.
 */
public final class OpenManifest implements AutoCloseable {

    /** The mapper, made on first use: a run that writes no JSON never pays for building it. */
    private static final class Json {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
    }

    private final Manifest manifest;
    private final ManifestIndex index;
    private final Map<String, Incremental> byFilter = new HashMap<>();

    private OpenManifest(RunConfig config, OutputLayout layout, Manifest manifest, ManifestIndex index) {
        this.manifest = manifest;
        this.index = index;
        definitions(config).forEach((filter, definition) -> byFilter.put(filter, new Incremental(layout.root(), index,
                definition, manifest::append, config.output().incremental())));
    }

    /**
     * Each filter's {@link ManifestRecord#definition} in {@code config}, by the filter's name: the
     * same whichever engine makes the outputs, so that either skips what the other made.
     */
    public static Map<String, String> definitions(RunConfig config) {
        String format = config.output().format().name().toLowerCase(Locale.ROOT);
        // What besides the filter and the format decides an output's bytes: the quality (JPEG and WebP).
        // Named as when JPEGs had no other, so that the records of outputs made then still hold.
        String settings = "jpeg-quality=" + config.output().quality() + ";metadata=" + config.output().metadata();
        Map<String, String> definitions = new HashMap<>();
        for (ResolvedFilter filter : config.filters()) {
            definitions.put(filter.name(), ManifestRecord.definition(json(filter), format, settings));
        }
        return definitions;
    }

    /**
     * The output folder whose manifest records {@code config}'s outputs: a folder on a path, or one
     * named by a {@code file:} URI (the Spark engine's); null when nothing is written, or the folder
     * is on another file system.
     */
    public static Path folder(RunConfig config) {
        OutputLayout layout = config.layout();
        return layout != null ? layout.root() : config.output().write() ? Manifest.folderOf(config.output().uri()) : null;
    }

    /** Whether {@code config}'s outputs are recorded: see the class comment. */
    static boolean wanted(RunConfig config) {
        OutputLayout layout = config.layout();
        return layout != null && Manifest.kept(layout.root(), config.output().incremental());
    }

    /**
     * The recording of {@code config}'s outputs, or null when they are not recorded; its manifest
     * rid of superseded records first where this JVM holds the folder's lock ({@link Manifest#compact}).
     */
    static OpenManifest of(RunConfig config, OneWriter files) {
        if (!wanted(config)) {
            return null;
        }
        OutputLayout layout = config.layout();
        try {
            ManifestIndex index = config.output().incremental() ? Manifest.index(layout.root()) : new ManifestIndex();
            if (Manifest.lockedHere(layout.root())) {
                Manifest.compact(layout.root(), index, files);
            }
            return new OpenManifest(config, layout, Manifest.open(layout.root()), index);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** What {@code filter}'s outputs ask of the manifest. */
    Incremental of(String filter) {
        return byFilter.get(filter);
    }

    /** Whether every output of {@code image}, by each filter and strategy, is up to date: no run will read it. */
    boolean upToDate(ImageFile image, OutputLayout layout, List<Filter> filters, List<Strategy> strategies) {
        for (Filter filter : filters) {
            Incremental incremental = of(filter.name());
            for (Strategy strategy : strategies) {
                if (!incremental.upToDate(image, layout.outputFor(image, filter.name(), strategy.name()))) {
                    return false;
                }
            }
        }
        return true;
    }

    /** How many outputs the manifest had a record of when it was read. */
    int known() {
        return index.size();
    }

    @Override
    public void close() {
        try {
            manifest.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String json(ResolvedFilter filter) {
        try {
            return Json.MAPPER.writeValueAsString(filter);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a filter's definition is plain values", e);
        }
    }
}
