package dev.loomy.report;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.databind.JsonNode;

import dev.loomy.results.Column;
import dev.loomy.results.Format;
import dev.loomy.results.Schema;

/**
 * One row of saved json results as the schema reads it: every column the schema shows in json,
 * under its json name, typed by its unit, as {@link JsonFormat} wrote it. A column added to the
 * schema is read back with no change here; one the file lacks, or holds as null, is unknown.
 *
 * @param values each known column's value: a String, Long, Double or Boolean
 */
public record SavedRow(Map<String, Object> values) {

    public SavedRow {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** The schema's json columns of {@code row}; a value of the wrong kind (text for a figure) is unknown. */
    static SavedRow of(JsonNode row) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (Column column : Schema.COLUMNS) {
            if (!column.shownIn(Format.JSON)) {
                continue;
            }
            String name = column.nameIn(Format.JSON);
            Object value = value(column.unit(), row.path(name));
            if (value != null) {
                values.put(name, value);
            }
        }
        return new SavedRow(values);
    }

    private static Object value(Column.Unit unit, JsonNode node) {
        return switch (unit) {
            case TEXT -> node.isValueNode() && !node.isNull() ? node.asText() : null;
            case FLAG -> node.isBoolean() ? node.asBoolean() : null;
            case COUNT -> node.isIntegralNumber() ? node.asLong() : null;
            default -> node.isNumber() ? node.asDouble() : null;
        };
    }

    /** A text column's value, or null when unknown. */
    public String text(String column) {
        return values.get(column) instanceof String text ? text : null;
    }

    /** A count column's value, or {@code unknown}. */
    public long count(String column, long unknown) {
        return values.get(column) instanceof Long count ? count : unknown;
    }

    /** A figure's value, or NaN when unknown. */
    public double decimal(String column) {
        return values.get(column) instanceof Double number ? number : Double.NaN;
    }

    /** A flag's value, or null when unknown. */
    public Boolean flag(String column) {
        return values.get(column) instanceof Boolean flag ? flag : null;
    }
}
