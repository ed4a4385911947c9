package dev.loomy.cli;

import java.util.Map;

import picocli.CommandLine;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The main command's help lists the commands that may stand as the first argument, where picocli
 * lists subcommands. They are none of its subcommands (a folder called {@code samples} is an INPUT
 * anywhere but first), so picocli would list nothing; the man pages list them from {@link Main#tree}.
 */
final class CommandsHelp {

    /** A line per command of {@link Main#COMMANDS}: its name, then what it does. */
    static final String[] LINES = {
        "filters   list every filter known, or one filter's parameters",
        "diff      compare two images or two folders of images",
        "samples   write reproducible synthetic test images",
        "gallery   a page of every image under every filter, side by side",
        "tune      a page on 127.0.0.1 to tune a filter's parameters, live",
        "report    render saved json results again, without measuring",
    };

    private CommandsHelp() {
    }

    static void addTo(CommandLine main) {
        Map<String, IHelpSectionRenderer> sections = main.getHelpSectionMap();
        sections.put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST_HEADING,
                help -> help.createHeading("%nCommands (as the first argument; each has its --help):%n"));
        sections.put(UsageMessageSpec.SECTION_KEY_COMMAND_LIST, help -> "  " + String.join(System.lineSeparator() + "  ", LINES) + System.lineSeparator());
        main.setHelpSectionMap(sections);
    }
}
