package dev.loomy.cli;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;

import dev.loomy.files.OutputFormat;
import dev.loomy.filter.FilterRegistry;
import dev.loomy.results.Format;
import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;

/**
 * The values the completion script offers after an option ({@link ToolFiles}), each picocli's
 * {@code completionCandidates}: listed only when iterated, so that a start of loomy pays nothing
 * for them. The filters of a filters file the script asks of {@code loomy filters --names} as it
 * completes: these are the built-ins.
 */
final class Completions {

    private Completions() {
    }

    /** {@code --strategy}: every strategy, then {@code all}. */
    static final class StrategyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            List<String> names = new ArrayList<>(Strategies.known().stream().map(Strategy::name).toList());
            names.add("all");
            return names.iterator();
        }
    }

    /** {@code --filter}: the built-in filters. */
    static final class FilterNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FilterRegistry.builtIns().names().iterator();
        }
    }

    /** {@code --format}: table, markdown, csv, json. */
    static final class FormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(Format.values()).map(Format::label).iterator();
        }
    }

    /** {@code --image-format}: same, png, jpg, webp. */
    static final class ImageFormatNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Arrays.stream(OutputFormat.values()).map(OutputFormat::label).iterator();
        }
    }
}
