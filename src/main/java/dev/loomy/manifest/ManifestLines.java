package dev.loomy.manifest;

import java.io.IOException;
import java.io.InputStream;
import java.util.function.Consumer;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;

/**
 * The manifest's lines read back as records: torn, foreign and overlong lines skipped, none held
 * longer than {@link Manifest#MAX_LINE} bytes.
 */
final class ManifestLines {

    private static final JsonFactory JSON = new JsonFactory();

    private ManifestLines() {
    }

    /**
     * Every record of {@code in}, in its order, to {@code each}.
     *
     * @return how many lines were skipped
     */
    static int read(InputStream in, Consumer<ManifestRecord> each) throws IOException {
        // Read in blocks and parsed where it lies: a manifest of a million lines is read before every re-run.
        byte[] buffer = new byte[4 * Manifest.MAX_LINE];
        int start = 0;
        int end = 0;
        int skipped = 0;
        boolean overlong = false;
        for (int read = in.read(buffer); read >= 0; read = in.read(buffer, end, buffer.length - end)) {
            int scanned = end;
            end += read;
            for (int i = scanned; i < end; i++) {
                if (buffer[i] == '\n') {
                    int length = i - start;
                    ManifestRecord record = overlong || length > Manifest.MAX_LINE ? null : parse(buffer, start, length);
                    if (record == null) {
                        skipped++;
                    } else {
                        each.accept(record);
                    }
                    start = i + 1;
                    overlong = false;
                }
            }
            if (end - start > Manifest.MAX_LINE) {
                // Too long to be a record: dropped up to its newline.
                overlong = true;
                start = end;
            }
            if (end == buffer.length) {
                System.arraycopy(buffer, start, buffer, 0, end - start);
                end -= start;
                start = 0;
            }
        }
        // A last line without its newline is torn: the run that wrote it was killed mid-write.
        return skipped + (end > start || overlong ? 1 : 0);
    }

    /**
     * The record on one line, or null when it is none. Read field by field with Jackson's streaming
     * parser: the whole manifest is read before every re-run, and binding each line to the record
     * took most of that time.
     */
    private static ManifestRecord parse(byte[] buffer, int offset, int length) {
        try (JsonParser in = JSON.createParser(buffer, offset, length)) {
            if (in.nextToken() != JsonToken.START_OBJECT) {
                return null;
            }
            String output = null;
            String input = null;
            String definition = null;
            String version = null;
            long size = 0;
            long modified = 0;
            long outputSize = 0;
            for (String field = in.nextFieldName(); field != null; field = in.nextFieldName()) {
                JsonToken value = in.nextToken();
                switch (field) {
                    case "output" -> output = text(in, value);
                    case "input" -> input = text(in, value);
                    case "definition" -> definition = text(in, value);
                    case "version" -> version = text(in, value);
                    case "size" -> size = number(in, value);
                    case "modified" -> modified = number(in, value);
                    case "outputSize" -> outputSize = number(in, value);
                    default -> { }
                }
                // A value that is an object or an array (in no record loomy writes) is passed over whole.
                in.skipChildren();
            }
            // Anything after the object, or an object left open, makes the line no record.
            if (in.currentToken() != JsonToken.END_OBJECT || in.nextToken() != null
                    || output == null || input == null || definition == null) {
                return null;
            }
            return new ManifestRecord(output, input, size, modified, definition, version, outputSize);
        } catch (IOException e) {
            return null;
        }
    }

    private static String text(JsonParser in, JsonToken value) throws IOException {
        return value == JsonToken.VALUE_STRING ? in.getText() : null;
    }

    /** A whole number, as the record's long fields are written; another value is taken as 0, as binding did. */
    private static long number(JsonParser in, JsonToken value) throws IOException {
        return value == JsonToken.VALUE_NUMBER_INT ? in.getLongValue() : 0;
    }
}
