package dev.loomy.cli;

import java.util.Arrays;

import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/**
 * Refuses an empty value on any command's line: an empty path (an INPUT of "", {@code -o=},
 * {@code --config=}) that would mean the current folder, or an empty item in a comma list
 * ({@code -f Cartoon2,}, {@code --parallelism=1,2,}), which picocli's split drops when trailing:
 * the text as given is checked.
 */
final class EmptyValues {

    private EmptyValues() {
    }

    static void check(ParseResult given) throws UsageError {
        for (PositionalParamSpec positional : given.matchedPositionals()) {
            // Empty, not blank: " " is a legal file name.
            if (positional.originalStringValues().stream().anyMatch(String::isEmpty)) {
                throw new UsageError(positional.paramLabel() + ": an empty path (give a folder or an image; . for the "
                        + "current folder)");
            }
        }
        for (OptionSpec option : given.matchedOptions()) {
            if (option.splitRegex().isEmpty()) {
                if (option.arity().max() > 0 && option.originalStringValues().stream().anyMatch(String::isEmpty)
                        && !option.type().equals(boolean.class) && !option.type().equals(Boolean.class)) {
                    throw new UsageError(option.longestName() + ": an empty value");
                }
                continue;
            }
            for (String value : option.originalStringValues()) {
                if (Arrays.stream(value.split(option.splitRegex(), -1)).anyMatch(String::isBlank)) {
                    boolean names = option.longestName().equals("--filter") || option.longestName().equals("--strategy");
                    throw new UsageError(option.longestName() + ": an empty " + (names ? "name" : "value") + " in '"
                            + value + "' (expected one or more " + (names ? "names" : "values")
                            + " separated by commas, with nothing after the last)");
                }
            }
        }
    }
}
