package dev.loomy.filter.config;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.snakeyaml.engine.v2.nodes.MappingNode;
import org.snakeyaml.engine.v2.nodes.Node;
import org.snakeyaml.engine.v2.nodes.NodeTuple;
import org.snakeyaml.engine.v2.nodes.NodeType;
import org.snakeyaml.engine.v2.nodes.ScalarNode;
import org.snakeyaml.engine.v2.nodes.SequenceNode;
import org.snakeyaml.engine.v2.nodes.Tag;

import dev.loomy.filter.Filter;
import dev.loomy.filter.Kind;
import dev.loomy.filter.Parameter;
import dev.loomy.filter.ParameterException;
import dev.loomy.filter.Value;

/** Reads the entries of a filters file, strictly: anything it does not expect is an error at its line. */
final class FiltersFileParser {

    static final String FILTERS = "filters";
    static final String KIND = "kind";
    static final String CHAIN = "chain";

    /**
     * A name is also an output folder: no spaces or slashes. A comma is allowed; since -f splits its
     * value on commas, such a name is given there in double quotes ({@code -f '"Soft,Warm",Gray'}).
     */
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._,-]*");

    private final YamlSource source;

    FiltersFileParser(YamlSource source) {
        this.source = source;
    }

    static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    List<Definition> parse() throws FiltersFileException {
        Node root = source.compose().orElse(null);
        if (root == null || isNull(root)) {
            return List.of();
        }
        if (root.getNodeType() != NodeType.MAPPING) {
            throw source.error(root, "expected a mapping with the key 'filters' at the top level, got "
                    + YamlSource.describe(root));
        }
        List<Definition> definitions = new ArrayList<>();
        for (Entry top : entries((MappingNode) root, "key", " at the top level", false)) {
            if (!top.key().equals(FILTERS)) {
                throw source.error(top.keyNode(), "unknown key '" + top.key() + "' at the top level (expected: "
                        + FILTERS + ")");
            }
            if (isNull(top.value())) {
                continue;
            }
            if (top.value().getNodeType() != NodeType.MAPPING) {
                throw source.error(top.value(), "'filters' is " + YamlSource.describe(top.value())
                        + ", expected a mapping from filter names to definitions");
            }
            for (Entry entry : entries((MappingNode) top.value(), "filter name", "", true)) {
                definitions.add(definition(entry));
            }
        }
        return definitions;
    }

    private Definition definition(Entry entry) throws FiltersFileException {
        String name = entry.key();
        if (!NAME.matcher(name).matches()) {
            throw source.error(entry.keyNode(), "invalid filter name '" + name + "' (expected: letters, digits, "
                    + "'.', '_', ',' or '-', starting with a letter or digit)");
        }
        if (entry.value().getNodeType() != NodeType.MAPPING) {
            throw source.error(entry.value(), "filter '" + name + "' is " + YamlSource.describe(entry.value())
                    + ", expected a mapping such as {kind: Cartoon2, red: 80} or {chain: [ALTMRetinex, Cartoon2]}");
        }
        MappingNode body = (MappingNode) entry.value();
        List<Entry> fields = entries(body, "key", " in filter '" + name + "'", false);
        Entry kind = find(fields, KIND);
        Entry chain = find(fields, CHAIN);
        if (kind != null && chain != null) {
            Entry second = YamlSource.line(kind.keyNode()) > YamlSource.line(chain.keyNode()) ? kind : chain;
            throw source.error(second.keyNode(), "filter '" + name + "' has both 'kind' and 'chain' (expected one: "
                    + "kind for a built-in with its parameters, chain for a list of filters)");
        }
        if (chain != null) {
            return chain(entry, fields, chain);
        }
        if (kind != null) {
            return ofKind(entry, fields, kind);
        }
        Node at = fields.isEmpty() ? body : fields.get(0).keyNode();
        throw source.error(at, fields.isEmpty()
                ? "filter '" + name + "' is empty (expected: kind or chain)"
                : "unknown key '" + fields.get(0).key() + "' in filter '" + name + "' (expected: kind or chain)");
    }

    private Definition ofKind(Entry entry, List<Entry> fields, Entry kindEntry) throws FiltersFileException {
        String name = entry.key();
        String kindName = scalarText(kindEntry.value(), "'kind' of filter '" + name + "'", "a kind ("
                + String.join(", ", kindNames()) + ")");
        Kind kind = Kind.find(kindName).orElseThrow(() -> source.error(kindEntry.value(), "unknown kind '" + kindName
                + "' for filter '" + name + "' (expected: " + String.join(", ", kindNames()) + ")"));
        Map<String, Number> numbers = new LinkedHashMap<>();
        Map<String, Boolean> flags = new LinkedHashMap<>();
        Map<String, Node> nodes = new HashMap<>();
        for (Entry field : fields) {
            if (field == kindEntry) {
                continue;
            }
            Parameter parameter = kind.parameter(field.key()).orElse(null);
            if (parameter == null) {
                List<String> expected = new ArrayList<>(List.of(KIND));
                kind.parameters().forEach(p -> expected.add(p.name()));
                throw source.error(field.keyNode(), "unknown key '" + field.key() + "' in filter '" + name
                        + "' (expected: " + String.join(", ", expected) + ")");
            }
            nodes.put(field.key(), field.value());
            switch (value(field, parameter, name)) {
                case Value.Flag flag -> flags.put(field.key(), flag.value());
                case Value.Int number -> numbers.put(field.key(), number.value());
                case Value.Real number -> numbers.put(field.key(), number.value());
            }
        }
        try {
            Filter filter = kind.create(name, new Kind.Values(numbers, flags));
            return new Definition.OfKind(name, YamlSource.line(entry.keyNode()), filter);
        } catch (IllegalArgumentException e) {
            // At the value refused when the file sets it, else at the filter's name.
            Node at = e instanceof ParameterException refused && nodes.containsKey(refused.parameter())
                    ? nodes.get(refused.parameter()) : entry.keyNode();
            throw source.error(at, "invalid parameters for filter '" + name + "' (" + kind.name() + "): "
                    + e.getMessage());
        }
    }

    /**
     * A parameter's value, of its type: true or false for a flag, an integer for an integer, an
     * integer or a finite number for a real; its range is the filter's to check.
     */
    private Value value(Entry field, Parameter parameter, String filter) throws FiltersFileException {
        Node node = field.value();
        String what = "'" + field.key() + "' in filter '" + filter + "' is ";
        Tag tag = node.getTag();
        Parameter.Type type = parameter.type();
        boolean typed = switch (type) {
            case FLAG -> tag.equals(Tag.BOOL);
            case INTEGER -> tag.equals(Tag.INT);
            case REAL -> tag.equals(Tag.INT) || tag.equals(Tag.FLOAT);
        };
        if (!(node instanceof ScalarNode scalar) || !typed) {
            throw source.error(node, what + YamlSource.describe(node) + ", expected " + type.words());
        }
        Object value = source.value(scalar);
        return switch (type) {
            case FLAG -> Value.of((boolean) (Boolean) value);
            case INTEGER -> {
                if (value instanceof Long || value instanceof BigInteger) {
                    throw source.error(node, what + scalar.getValue() + ", too large for an integer");
                }
                yield Value.of((int) (Integer) value);
            }
            case REAL -> {
                double number = ((Number) value).doubleValue();
                if (!Double.isFinite(number)) {
                    throw source.error(node, what + scalar.getValue() + ", expected a finite number");
                }
                yield Value.of(number);
            }
        };
    }

    private Definition chain(Entry entry, List<Entry> fields, Entry chainEntry) throws FiltersFileException {
        String name = entry.key();
        for (Entry field : fields) {
            if (field != chainEntry) {
                throw source.error(field.keyNode(), "unknown key '" + field.key() + "' in chain '" + name
                        + "' (expected: chain)");
            }
        }
        Node list = chainEntry.value();
        if (list.getNodeType() != NodeType.SEQUENCE) {
            throw source.error(list, "'chain' of '" + name + "' is " + YamlSource.describe(list)
                    + ", expected a list of filter names such as [ALTMRetinex, Cartoon2]");
        }
        List<Definition.Step> steps = new ArrayList<>();
        for (Node step : ((SequenceNode) list).getValue()) {
            steps.add(new Definition.Step(scalarText(step, "a step of chain '" + name + "'", "a filter name"),
                    YamlSource.line(step)));
        }
        if (steps.isEmpty()) {
            throw source.error(list, "chain '" + name + "' is empty (expected: a list of one or more filter names)");
        }
        return new Definition.ChainOf(name, YamlSource.line(entry.keyNode()), steps);
    }

    /**
     * A mapping's entries, with scalar keys that appear once each; filter names are compared
     * without regard to case, as --filter matches them.
     */
    private List<Entry> entries(MappingNode mapping, String what, String where, boolean ignoreCase)
            throws FiltersFileException {
        List<Entry> entries = new ArrayList<>();
        Map<String, Entry> seen = new HashMap<>();
        for (NodeTuple tuple : mapping.getValue()) {
            String key = scalarText(tuple.getKeyNode(), "a " + what + where, "a " + what);
            Entry entry = new Entry(key, tuple.getKeyNode(), tuple.getValueNode());
            Entry first = seen.putIfAbsent(ignoreCase ? key(key) : key, entry);
            if (first != null) {
                String spelling = first.key().equals(key) ? "" : " as '" + first.key() + "'; names are case-insensitive";
                throw source.error(entry.keyNode(), "duplicate " + what + " '" + key + "'" + where + " (also at line "
                        + YamlSource.line(first.keyNode()) + spelling + ")");
            }
            entries.add(entry);
        }
        return entries;
    }

    private String scalarText(Node node, String what, String expected) throws FiltersFileException {
        if (!(node instanceof ScalarNode scalar) || isNull(node)) {
            throw source.error(node, what + " is " + YamlSource.describe(node) + ", expected " + expected);
        }
        return scalar.getValue();
    }

    private static Entry find(List<Entry> entries, String key) {
        return entries.stream().filter(e -> e.key().equals(key)).findFirst().orElse(null);
    }

    private static boolean isNull(Node node) {
        return node instanceof ScalarNode && node.getTag().equals(Tag.NULL);
    }

    private static List<String> kindNames() {
        return Kind.all().stream().map(Kind::name).toList();
    }

    private record Entry(String key, Node keyNode, Node value) {
    }
}
