package dev.loomy.cli;

import java.nio.file.Path;

import dev.loomy.filter.config.FilterCatalog;
import dev.loomy.filter.config.FiltersFileException;
import dev.loomy.filter.config.FiltersFileLoader;
import picocli.CommandLine.Option;

/** Which filters file to read: shared by the main command and {@code loomy filters}. */
public final class ConfigOption {

    @Option(names = "--config", paramLabel = "FILE",
            description = "the filters file (default: ./filters.yaml when there is one, else the one packaged in loomy)")
    Path file;

    /** The filters known under this option; a missing or broken file is bad usage. */
    FilterCatalog catalog() throws UsageError {
        try {
            return FiltersFileLoader.load(file, Path.of(""));
        } catch (FiltersFileException e) {
            throw new UsageError(e.getMessage());
        }
    }
}
