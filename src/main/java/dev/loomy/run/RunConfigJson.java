package dev.loomy.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;

import dev.loomy.strategy.Strategies;
import dev.loomy.strategy.Strategy;

/**
 * {@link RunConfig}'s JSON mapper, in a class of its own so that it is built on first use: a run
 * that sends no config to a child JVM never pays for it. Paths as written (relative ones stay
 * relative); durations in nanoseconds; strategies by name; pure ASCII.
 */
final class RunConfigJson {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .addModule(new SimpleModule("loomy-run-config")
                    .addSerializer(Path.class, new ToStringSerializer(Path.class))
                    .addDeserializer(Path.class, new StdScalarDeserializer<Path>(Path.class) {
                        @Override
                        public Path deserialize(JsonParser p, DeserializationContext context) throws IOException {
                            return Path.of(p.getValueAsString());
                        }
                    })
                    .addSerializer(Duration.class, new ToStringSerializer(Duration.class) {
                        @Override
                        public void serialize(Object value, JsonGenerator g, SerializerProvider provider)
                                throws IOException {
                            g.writeNumber(((Duration) value).toNanos());
                        }
                    })
                    .addDeserializer(Duration.class, new StdScalarDeserializer<Duration>(Duration.class) {
                        @Override
                        public Duration deserialize(JsonParser p, DeserializationContext context) throws IOException {
                            return Duration.ofNanos(p.getLongValue());
                        }
                    })
                    .addSerializer(Strategy.class, new ToStringSerializer(Strategy.class) {
                        @Override
                        public void serialize(Object value, JsonGenerator g, SerializerProvider provider)
                                throws IOException {
                            g.writeString(((Strategy) value).name());
                        }
                    })
                    .addDeserializer(Strategy.class, new StdScalarDeserializer<Strategy>(Strategy.class) {
                        @Override
                        public Strategy deserialize(JsonParser p, DeserializationContext context) throws IOException {
                            return Strategies.byName(p.getValueAsString());
                        }
                    }))
            .build();

    private RunConfigJson() {
    }

    static String write(RunConfig config) {
        try {
            return MAPPER.writeValueAsString(config);
        } catch (JacksonException e) {
            throw new UncheckedIOException(e);
        }
    }

    static RunConfig read(String json) throws IOException {
        return MAPPER.readValue(json, RunConfig.class);
    }
}
