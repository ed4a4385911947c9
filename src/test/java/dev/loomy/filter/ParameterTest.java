package dev.loomy.filter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.ObjectMapper;

class ParameterTest {

    private static final Parameter LEVELS = Parameter.integer("red", 80, 1, 256);
    private static final Parameter SIGMA = Parameter.real("sigma_r", 0.4, Double.MIN_VALUE, 1);
    private static final Parameter ALPHA = Parameter.real("alpha", 1.5, 0, 255);
    private static final Parameter INVERTED = Parameter.flag("inverted", true);

    @Test
    void aParameterIsAValueThatSerialisesAsNameTypeDefaultMinAndMax() throws Exception {
        ObjectMapper json = new ObjectMapper();

        assertThat(json.writeValueAsString(LEVELS)).isEqualTo("{\"name\":\"red\",\"type\":\"integer\",\"default\":80,"
                + "\"min\":1,\"max\":256}");
        assertThat(json.writeValueAsString(ALPHA)).isEqualTo("{\"name\":\"alpha\",\"type\":\"real\",\"default\":1.5,"
                + "\"min\":0.0,\"max\":255.0}");
        assertThat(json.writeValueAsString(INVERTED)).isEqualTo("{\"name\":\"inverted\",\"type\":\"flag\","
                + "\"default\":true,\"min\":null,\"max\":null}");
    }

    @Test
    void itsRangeInWordsWritesAboveZeroAsAnOpenInterval() {
        assertThat(LEVELS.expected()).isEqualTo("an integer in 1..256");
        assertThat(SIGMA.expected()).isEqualTo("a number in (0, 1]");
        assertThat(ALPHA.expected()).isEqualTo("a number in [0, 255]");
        assertThat(INVERTED.expected()).isEqualTo("true or false");
        assertThat(INVERTED.range()).isEqualTo("true or false");
    }

    @Test
    void theCheckRefusesAValueOfAnotherTypeOutOfRangeOrNotFinite() {
        assertThat(LEVELS.check("Cartoon2", 256)).isEqualTo(256);
        assertThat(SIGMA.check("EdgePreserving", Double.MIN_VALUE)).isEqualTo(Double.MIN_VALUE);
        assertThatThrownBy(() -> LEVELS.check("Cartoon2", 0)).isInstanceOf(ParameterException.class)
                .hasMessage("Cartoon2: red must be an integer in 1..256, not 0");
        assertThatThrownBy(() -> SIGMA.check("EdgePreserving", 0.0))
                .hasMessage("EdgePreserving: sigma_r must be a number in (0, 1], not 0.0");
        assertThatThrownBy(() -> ALPHA.check("HighContrast", Double.NaN))
                .hasMessage("HighContrast: alpha must be a number in [0, 255], not NaN");
        assertThatThrownBy(() -> LEVELS.check("Cartoon2", Value.of(3.0))).hasMessageContaining("an integer");
        assertThatThrownBy(() -> INVERTED.check("Canny", Value.of(1))).hasMessageContaining("true or false");
    }

    @Test
    void textIsReadAsTheParametersType() {
        assertThat(LEVELS.parse("+40")).contains(Value.of(40));
        assertThat(LEVELS.parse("4.5")).isEmpty();
        assertThat(LEVELS.parse("4294967296")).isEmpty();
        assertThat(ALPHA.parse("2")).contains(Value.of(2.0));
        assertThat(ALPHA.parse(".5e1")).contains(Value.of(5.0));
        assertThat(ALPHA.parse("NaN")).isEmpty();
        assertThat(ALPHA.parse("0x10")).isEmpty();
        assertThat(ALPHA.parse("1e999")).isEmpty();
        assertThat(INVERTED.parse("FALSE")).contains(Value.of(false));
        assertThat(INVERTED.parse("no")).isEmpty();
    }

    @Test
    void aDescriptionMustHoldTogether() {
        assertThatThrownBy(() -> Parameter.integer("red", 0, 1, 256)).hasMessage("red: the default 0 lies outside 1 to 256");
        assertThatThrownBy(() -> new Parameter("red", Parameter.Type.INTEGER, Value.of(1), Value.of(1), null))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Parameter("red", Parameter.Type.INTEGER, Value.of(1.0), Value.of(1), Value.of(2)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Parameter("on", Parameter.Type.FLAG, Value.of(true), Value.of(1), Value.of(2)))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
