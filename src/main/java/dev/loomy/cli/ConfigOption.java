package dev.loomy.cli;

import java.nio.file.Path;

import picocli.CommandLine.Option;

/** Which filters file to read: shared by the main command and {@code loomy filters}. */
public final class ConfigOption {

    @Option(names = "--config", paramLabel = "FILE",
            description = "the filters file (default: ./filters.yaml when there is one, else the one packaged in loomy)")
    Path file;
}
