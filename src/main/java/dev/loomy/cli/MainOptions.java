package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Parameters;

/**
 * The main command's options and INPUT, as plain values that start at their defaults: what
 * {@link LoomyCommand} parses, and what the gallery sets for the run it derives from them.
 */
public final class MainOptions {

    @Parameters(paramLabel = "INPUT", arity = "1..*",
            description = "folders (walked recursively) or image files (.jpg .jpeg .png .bmp .tif .tiff .webp); "
                    + "with --engine=spark, URIs too (hdfs://, s3a://, file:)")
    List<String> inputs = List.of();

    // Each group is a section of --help, in this order. picocli makes a group's object only when one of
    // its options is given: each starts made, so that an option of a group not given keeps its default.
    @ArgGroup(validate = false, exclusive = false, heading = "%nWhat to run:%n", order = 1)
    RunOptions run = new RunOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nFilters and parameters:%n", order = 2)
    SelectionOptions selection = new SelectionOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nMeasuring:%n", order = 3)
    MeasureOptions measure = new MeasureOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nOutput and reports:%n", order = 4)
    ReportOptions report = new ReportOptions();

    @ArgGroup(validate = false, exclusive = false, heading = "%nEngine and Spark:%n", order = 5)
    EngineOptions engine = new EngineOptions();
}
