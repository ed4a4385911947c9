package dev.loomy.filter.config;

import java.util.Optional;

import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.api.lowlevel.Compose;
import org.snakeyaml.engine.v2.constructor.StandardConstructor;
import org.snakeyaml.engine.v2.exceptions.Mark;
import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;
import org.snakeyaml.engine.v2.exceptions.ReaderException;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeType;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.Tag;
import org.snakeyaml.engine.v2.schema.CoreSchema;

/**
 * One YAML text composed into nodes, not objects: every node keeps its line, so that
 * each problem found later can be reported at the line it comes from.
 */
final class YamlSource {

    private final String file;
    private final String text;
    // YAML 1.2's core schema: 0x1F, +12, .5 and 1e-2 are numbers, as a YAML user expects.
    private final LoadSettings settings;

    YamlSource(String file, String text) {
        this.file = file;
        this.text = text;
        this.settings = LoadSettings.builder().setLabel(file).setSchema(new CoreSchema()).build();
    }

    String file() {
        return file;
    }

    /** The document's root node, or empty for a file with no document (empty, or comments only). */
    Optional<Node> compose() throws FiltersFileException {
        try {
            return new Compose(settings).composeString(text);
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
