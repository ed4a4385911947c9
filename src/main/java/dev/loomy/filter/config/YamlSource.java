package dev.loomy.filter.config;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeType;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * One YAML text composed into nodes, not objects: every node keeps its line, so that
 * each problem found later can be reported at the line it comes from.
 */
final class YamlSource {

    /** Levels of lists and mappings inside each other, at most: a filters file needs 4. */
    static final int MAX_NESTING = 100;
    /** Aliases to lists and mappings, at most: a filters file needs none. */
    static final int MAX_ALIASES = 50;

    private final String file;
    private final String text;
    // YAML 1.2's core schema: 0x1F, +12, .5 and 1e-2 are numbers, as a YAML user expects.
    private final LoadSettings settings;

    YamlSource(String file, String text) {
        this.file = file;
        this.text = text;
        // Every limit set, not left to the library's defaults: no more characters than the file may
        // hold, few aliases (each repeats a node: a billion laughs), no key that holds itself.
        this.settings = LoadSettings.builder().setLabel(file).setSchema(new CoreSchema())
                .setCodePointLimit(FiltersFileLoader.MAX_BYTES).setMaxAliasesForCollections(MAX_ALIASES)
                .setAllowRecursiveKeys(false).build();
    }

    String file() {
        return file;
    }

    /** The document's root node, or empty for a file with no document (empty, or comments only). */
    Optional<Node> compose() throws FiltersFileException {
        Optional<Node> root;
        try {
            root = new Compose(settings).composeString(text);
        } catch (StackOverflowError e) {
            // The YAML library nests one call per level while it reads: nothing it left half done outlives the call.
            throw new FiltersFileException(file, "malformed YAML: nested more than " + MAX_NESTING + " levels deep");
        } catch (MarkedYamlEngineException e) {
            int line = e.getProblemMark().or(e::getContextMark).map(m -> m.getLine() + 1).orElse(1);
            String context = e.getContext() == null || e.getContext().isBlank() ? ""
                    : " (" + e.getContext() + e.getContextMark().filter(m -> m.getLine() + 1 != line)
                            .map(m -> " at line " + (m.getLine() + 1)).orElse("") + ")";
            throw new FiltersFileException(file, line, "malformed YAML: " + e.getProblem().strip() + context);
        } catch (ReaderException e) {
            throw new FiltersFileException(file, lineOfCodePoint(e.getPosition()),
                    "malformed YAML: " + e.getMessage() + String.format(" (character U+%04X)", e.getCodePoint()));
        } catch (YamlEngineException e) {
            throw new FiltersFileException(file, "malformed YAML: " + e.getMessage());
        }
        if (root.isPresent()) {
            checkNesting(root.get());
        }
        return root;
    }

    /** Refuses a document nested deeper than any filters file needs, at the first node too deep. */
    private void checkNesting(Node root) throws FiltersFileException {
        Deque<Node> level = new ArrayDeque<>(List.of(root));
        // An alias repeats a node: each is looked at once, so that aliases cannot multiply the work.
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int depth = 1; !level.isEmpty(); depth++) {
            if (depth > MAX_NESTING) {
                throw error(level.peek(), "malformed YAML: nested more than " + MAX_NESTING + " levels deep");
            }
            Deque<Node> next = new ArrayDeque<>();
            for (Node node : level) {
                if (!seen.add(node)) {
                    continue;
                }
                if (node instanceof SequenceNode sequence) {
                    next.addAll(sequence.getValue());
                } else if (node instanceof MappingNode mapping) {
                    mapping.getValue().forEach(tuple -> {
                        next.add(tuple.getKeyNode());
                        next.add(tuple.getValueNode());
                    });
                }
            }
            level = next;
        }
    }

    /** The Java value YAML gives a scalar: Integer, Long or BigInteger, Double, Boolean, String or null. */
    Object value(ScalarNode node) {
        return new StandardConstructor(settings).constructSingleDocument(Optional.of(node));
    }

    static int line(Node node) {
        return node.getStartMark().map(Mark::getLine).orElse(0) + 1;
    }

    FiltersFileException error(Node node, String problem) {
        return new FiltersFileException(file, line(node), problem);
    }

    /** What a node is, in words, for "got ..." in messages. */
    static String describe(Node node) {
        if (node.getNodeType() == NodeType.MAPPING) {
            return "a mapping";
        }
        if (node.getNodeType() == NodeType.SEQUENCE) {
            return "a list";
        }
        ScalarNode scalar = (ScalarNode) node;
        if (scalar.getTag().equals(Tag.NULL)) {
            return "nothing";
        }
        if (scalar.getTag().equals(Tag.STR)) {
            return "the text \"" + scalar.getValue() + "\"";
        }
        return scalar.getValue();
    }

    private int lineOfCodePoint(int position) {
        int line = 1;
        int end = text.offsetByCodePoints(0, Math.min(position, text.codePointCount(0, text.length())));
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == '\n') {
                line++;
            }
        }
        return line;
    }
}
