package dev.loomy.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.IHelpSectionRenderer;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.Model.UsageMessageSpec;

/**
 * The main command's options in sections of its help, one per mixin of {@link MainOptions}, as
 * picocli lists argument groups with a heading. They are mixins, not groups: whenever one of a
 * group's options is given, picocli renders the group's synopsis once per option of it (for a
 * debug trace that is off), most of the time a plain job spent parsing. The man pages, which
 * picocli-codegen makes from groups alone, get a copy of the model with the sections as groups
 * ({@link #documented}).
 */
final class OptionSections {

    /** Each section's mixin in {@link MainOptions} (its field), and its heading, in the order of the help. */
    static final Map<String, String> HEADINGS;

    static {
        Map<String, String> headings = new LinkedHashMap<>();
        headings.put("run", "What to run:");
        headings.put("selection", "Filters and parameters:");
        headings.put("measure", "Measuring:");
        headings.put("report", "Output and reports:");
        headings.put("engine", "Engine and Spark:");
        HEADINGS = Collections.unmodifiableMap(headings);
    }

    /** The mixin of {@link LoomyCommand} that holds the sections. */
    private static final String OPTIONS = "options";

    private OptionSections() {
    }

    /** Makes {@code main}'s help list its options by section. */
    static void addTo(CommandLine main) {
        Map<String, IHelpSectionRenderer> sections = main.getHelpSectionMap();
        sections.put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, OptionSections::render);
        main.setHelpSectionMap(sections);
    }

    /** The options of each section by heading, in the order the help lists them. */
    static Map<String, List<OptionSpec>> of(CommandSpec main) {
        CommandSpec options = main.mixins().get(OPTIONS);
        Map<String, List<OptionSpec>> sections = new LinkedHashMap<>();
        HEADINGS.forEach((name, heading) -> sections.put(heading, nested(options.mixins().get(name))));
        return sections;
    }

    /** A mixin's own options, then its mixins', as picocli lists a group's own options before its subgroups'. */
    private static List<OptionSpec> nested(CommandSpec mixin) {
        List<OptionSpec> inner = new ArrayList<>();
        mixin.mixins().values().forEach(each -> inner.addAll(nested(each)));
        List<OptionSpec> all = new ArrayList<>(mixin.options());
        all.removeAll(inner);
        all.addAll(inner);
        return all;
    }

    /** The options in none of {@code sections} (help and version): the help lists them first, unheaded. */
    private static List<OptionSpec> unsectioned(CommandSpec main, Map<String, List<OptionSpec>> sections) {
        Set<OptionSpec> sectioned = new HashSet<>();
        sections.values().forEach(sectioned::addAll);
        return main.options().stream().filter(option -> !sectioned.contains(option)).toList();
    }

    private static String render(Help help) {
        CommandSpec main = help.commandSpec();
        Map<String, List<OptionSpec>> sections = of(main);
        StringBuilder text = new StringBuilder(help.optionListExcludingGroups(
                unsectioned(main, sections).stream().filter(option -> !option.hidden()).toList(),
                help.createDefaultLayout(), null, help.parameterLabelRenderer()));
        sections.forEach((heading, options) -> {
            Help.Layout layout = help.createDefaultLayout();
            layout.addOptions(options, help.parameterLabelRenderer()); // leaves hidden options out
            text.append(help.createHeading("%n" + heading + "%n")).append(layout);
        });
        return text.toString();
    }

    /**
     * A copy of {@code main}'s model for its documentation, with each section an argument group. Its
     * options are bound to {@code main}'s fields still: not for parsing.
     */
    static CommandSpec documented(CommandSpec main) {
        CommandSpec docs = CommandSpec.wrapWithoutInspection(main.userObject());
        docs.name(main.name()).versionProvider(main.versionProvider()).usageMessage(main.usageMessage());
        for (PositionalParamSpec positional : main.positionalParameters()) {
            docs.addPositional(PositionalParamSpec.builder(positional).build());
        }
        Map<String, List<OptionSpec>> sections = of(main);
        int order = 1;
        for (Map.Entry<String, List<OptionSpec>> section : sections.entrySet()) {
            ArgGroupSpec.Builder group = ArgGroupSpec.builder().validate(false).exclusive(false).order(order++)
                    .heading("%n" + section.getKey() + "%n");
            section.getValue().forEach(option -> group.addArg(OptionSpec.builder(option).build()));
            docs.addArgGroup(group.build());
        }
        // After the sections' options, where picocli puts the standard ones (the completion script keeps that order).
        for (OptionSpec option : unsectioned(main, sections)) {
            docs.addOption(OptionSpec.builder(option).build());
        }
        return docs;
    }
}
