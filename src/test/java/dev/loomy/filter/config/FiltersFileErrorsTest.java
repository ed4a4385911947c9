package dev.loomy.filter.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.loomy.filter.Kind;

/** Every kind of mistake in a filters file: one error, at the right line, saying what was expected. */
class FiltersFileErrorsTest {

    private static Arguments error(String text, int line, String problem) {
        return Arguments.of(text, line, problem);
    }

    /** The kinds, as the messages list them. */
    private static final String KINDS = String.join(", ", Kind.all().stream().map(Kind::name).toList());

    static Stream<Arguments> mistakes() {
        return Stream.of(
                error("""
                        # my filters
                        filters:
                          Comic: {kind: Cartoon2, gren: 5}
                        """, 3, "unknown key 'gren' in filter 'Comic' (expected: kind, red, green, blue)"),
                error("""
                        filters:
                          Soft:
                            kind: ALTMRetinex
                            radius: 4
                        """, 4, "unknown key 'radius' in filter 'Soft' (expected: kind, r, eps, eta, lambda, "
                                + "kernelRatio)"),
                error("filters:\n  Plain: {kind: NoOp, red: 1}\n", 2,
                        "unknown key 'red' in filter 'Plain' (expected: kind)"),
                error("""
                        filters:
                          Comic:
                            kind: Cartoon2
                            red: 1.5
                        """, 4, "'red' in filter 'Comic' is 1.5, expected an integer"),
                error("""
                        filters:
                          Comic:
                            kind: Cartoon2
                            green: "15"
                        """, 4, "'green' in filter 'Comic' is the text \"15\", expected an integer"),
                error("filters:\n  Night: {kind: ALTMRetinex,\n    eps: small}\n", 3,
                        "'eps' in filter 'Night' is the text \"small\", expected a number"),
                error("filters:\n  Night: {kind: ALTMRetinex, r: 2.0}\n", 2,
                        "'r' in filter 'Night' is 2.0, expected an integer"),
                error("filters:\n  Night: {kind: ALTMRetinex, eta: true}\n", 2,
                        "'eta' in filter 'Night' is true, expected a number"),
                error("filters:\n  Night: {kind: ALTMRetinex, eta: [1, 2]}\n", 2,
                        "'eta' in filter 'Night' is a list, expected a number"),
                error("filters:\n  Night: {kind: ALTMRetinex, lambda: .inf}\n", 2,
                        "'lambda' in filter 'Night' is .inf, expected a finite number"),
                error("filters:\n  Night: {kind: ALTMRetinex, eps: }\n", 2,
                        "'eps' in filter 'Night' is nothing, expected a number"),
                error("filters:\n  Comic: {kind: Cartoon2, blue: 4294967296}\n", 2,
                        "'blue' in filter 'Comic' is 4294967296, too large for an integer"),
                error("filters:\n  Comic: {kind: Cartoon3}\n", 2,
                        "unknown kind 'Cartoon3' for filter 'Comic' (expected: " + KINDS + ")"),
                error("filters:\n  Comic: {kind: [Cartoon2]}\n", 2,
                        "'kind' of filter 'Comic' is a list, expected a kind (" + KINDS + ")"),
                error("filters:\n  Edges: {kind: Canny, inverted: 1}\n", 2,
                        "'inverted' in filter 'Edges' is 1, expected true or false"),
                error("filters:\n  Edges: {kind: Canny,\n    inverted: \"no\"}\n", 3,
                        "'inverted' in filter 'Edges' is the text \"no\", expected true or false"),
                error("filters:\n  Edges: {kind: Canny, threshold1: true}\n", 2,
                        "'threshold1' in filter 'Edges' is true, expected an integer"),
                error("""
                        filters:
                          Comic: {kind: Cartoon2}
                          Night:
                            chain:
                              - comic
                              - Retinex
                        """, 6, "unknown filter 'Retinex' in chain 'Night' (known: " + KINDS
                                + ", Comic, Night)"),
                error("filters:\n  Night: {chain: []}\n", 2,
                        "chain 'Night' is empty (expected: a list of one or more filter names)"),
                error("filters:\n  Night:\n    chain:\n", 3,
                        "'chain' of 'Night' is nothing, expected a list of filter names such as [ALTMRetinex, "
                                + "Cartoon2]"),
                error("filters:\n  Night: {chain: [NoOp, [Cartoon2]]}\n", 2,
                        "a step of chain 'Night' is a list, expected a filter name"),
                error("filters:\n  Night: {chain: [NoOp], red: 3}\n", 2,
                        "unknown key 'red' in chain 'Night' (expected: chain)"),
                error("""
                        filters:
                          A: {chain: [NoOp, B]}
                          B: {chain: [C]}
                          C: {chain: [Cartoon2, a]}
                        """, 4, "chain 'C' leads back to itself: A -> B -> C -> A (a chain cannot contain itself)"),
                error("filters:\n  Loop: {chain: [NoOp,\n    loop]}\n", 3,
                        "chain 'Loop' leads back to itself: Loop -> Loop (a chain cannot contain itself)"),
                error("filters:\n  Cartoon2: {chain: [NoOp, Cartoon2]}\n", 2,
                        "chain 'Cartoon2' leads back to itself: Cartoon2 -> Cartoon2 (a chain cannot contain itself)"),
                error("""
                        filters:
                          Comic: {kind: Cartoon2}

                          COMIC: {kind: NoOp}
                        """, 4, "duplicate filter name 'COMIC' (also at line 2 as 'Comic'; names are "
                                + "case-insensitive)"),
                error("filters:\n  Comic: {kind: Cartoon2}\n  Comic: {kind: NoOp}\n", 3,
                        "duplicate filter name 'Comic' (also at line 2)"),
                error("filters:\n  Comic:\n    kind: Cartoon2\n    red: 3\n    red: 4\n", 5,
                        "duplicate key 'red' in filter 'Comic' (also at line 4)"),
                error("filters:\n  Comic:\n    kind: Cartoon2\n    chain: [NoOp]\n", 4,
                        "filter 'Comic' has both 'kind' and 'chain' (expected one: kind for a built-in with its "
                                + "parameters, chain for a list of filters)"),
                error("filters:\n  Comic: {knd: Cartoon2}\n", 2,
                        "unknown key 'knd' in filter 'Comic' (expected: kind or chain)"),
                error("filters:\n  Comic: {}\n", 2, "filter 'Comic' is empty (expected: kind or chain)"),
                error("filters:\n  Comic: Cartoon2\n", 2, "filter 'Comic' is the text \"Cartoon2\", expected a "
                        + "mapping such as {kind: Cartoon2, red: 80} or {chain: [ALTMRetinex, Cartoon2]}"),
                error("filters:\n  my comic: {kind: NoOp}\n", 2, "invalid filter name 'my comic' (expected: letters, "
                        + "digits, '.', '_', ',' or '-', starting with a letter or digit)"),
                error("filters:\n  a/b: {kind: NoOp}\n", 2, "invalid filter name 'a/b' (expected: letters, "
                        + "digits, '.', '_', ',' or '-', starting with a letter or digit)"),
                error("filter:\n  Comic: {kind: NoOp}\n", 1, "unknown key 'filter' at the top level (expected: filters)"),
                error("- Comic\n", 1, "expected a mapping with the key 'filters' at the top level, got a list"),
                error("filters:\n  - Comic: {kind: NoOp}\n", 2,
                        "'filters' is a list, expected a mapping from filter names to definitions"),
                error("filters:\n  Comic: {kind: Cartoon2\n  Night: {kind: NoOp}\n", 3,
                        "malformed YAML: expected ',' or '}', but got : (while parsing a flow mapping at line 2)"),
                error("filters:\n\tComic: {kind: NoOp}\n", 2, "malformed YAML: found character '\\t(TAB)' that cannot "
                        + "start any token. (Do not use \\t(TAB) for indentation) (while scanning for the next token)"),
                error("filters:\n  Comic: {kind: NoOp}\n---\nfilters:\n", 3, "malformed YAML: but found another "
                        + "document (expected a single document in the stream at line 1)"),
                error("filters:\n\n  Comic: {kind: NoOp\u0001}\n", 3,
                        "malformed YAML: special characters are not allowed (character U+0001)"));
    }

    @ParameterizedTest
    @MethodSource("mistakes")
    void isReportedAtItsLine(String text, int line, String problem) {
        FiltersFileException e = catchThrowableOfType(FiltersFileException.class,
                () -> FiltersFileLoader.parse("filters.yaml", false, text));

        assertThat(e).as("no error for:%n%s", text).isNotNull();
        assertThat(e.getMessage()).isEqualTo("filters.yaml:" + line + ": " + problem);
        assertThat(e.line()).isEqualTo(line);
        assertThat(e.file()).isEqualTo("filters.yaml");
    }

    static Stream<Arguments> refusedValues() {
        return Stream.of(
                Arguments.of("filters:\n  Comic: {kind: Cartoon2, red: -1}\n", "Comic", "Cartoon2"),
                Arguments.of("filters:\n  X: {kind: NoOp}\n  Night: {kind: ALTMRetinex, r: -1}\n", "Night",
                        "ALTMRetinex"),
                Arguments.of("filters:\n  Comic: {kind: Cartoon, blockSize: 8}\n", "Comic", "Cartoon"),
                Arguments.of("filters:\n  Dark: {kind: GammaCorrection, gamma: 0}\n", "Dark", "GammaCorrection"));
    }

    /** The range of a parameter is its filter's own rule: the file reports the constructor's refusal. */
    @ParameterizedTest
    @MethodSource("refusedValues")
    void aValueTheFilterRefusesIsReportedAtTheFiltersLine(String text, String name, String kind) {
        FiltersFileException e = catchThrowableOfType(FiltersFileException.class,
                () -> FiltersFileLoader.parse("filters.yaml", false, text));

        assertThat(e).isNotNull();
        int line = (int) text.lines().takeWhile(l -> !l.contains(name + ":")).count() + 1;
        assertThat(e.getMessage()).startsWith("filters.yaml:" + line + ": invalid parameters for filter '" + name
                + "' (" + kind + "): ");
        assertThat(e.getMessage().length()).isGreaterThan(("filters.yaml:" + line + ": invalid parameters for filter '"
                + name + "' (" + kind + "): ").length());
    }

    /** A value out of its parameter's range is reported at its own line, saying what the parameter takes. */
    @ParameterizedTest
    @MethodSource("outOfRange")
    void aValueOutOfRangeIsReportedAtItsLineWithTheRange(String text, int line, String problem) {
        isReportedAtItsLine(text, line, problem);
    }

    static Stream<Arguments> outOfRange() {
        return Stream.of(
                error("filters:\n  Comic:\n    kind: Cartoon2\n    red: 0\n", 4,
                        "invalid parameters for filter 'Comic' (Cartoon2): Cartoon2: red must be an integer in 1..256, not 0"),
                error("filters:\n  Edges:\n    kind: Canny\n    threshold2: 1531\n", 4,
                        "invalid parameters for filter 'Edges' (Canny): Canny: threshold2 must be an integer in 0..1530, "
                                + "not 1531"),
                error("filters:\n  Soft:\n    kind: ALTMRetinex\n    eps: 0\n    eta: 20\n", 4,
                        "invalid parameters for filter 'Soft' (ALTMRetinex): ALTMRetinex: eps must be a number in (0, 100], "
                                + "not 0.0"),
                error("filters:\n  Comic:\n    kind: Cartoon\n\n    blockSize: 8\n", 5,
                        "invalid parameters for filter 'Comic' (Cartoon): Cartoon: blockSize must be odd, 3..255, not 8"));
    }
}
