package dev.loomy.cli;

import java.util.List;

import picocli.CommandLine.Mixin;
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

    // Each is a section of --help, in this order, with its heading in OptionSections (mixins, not argument
    // groups: picocli renders a group's synopsis several times over whenever one of its options is given).
    @Mixin
    RunOptions run = new RunOptions();

    @Mixin
    SelectionOptions selection = new SelectionOptions();

    @Mixin
    MeasureOptions measure = new MeasureOptions();

    @Mixin
    ReportOptions report = new ReportOptions();

    @Mixin
    EngineOptions engine = new EngineOptions();
}
