package dev.loomy.manifest;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

import com.fasterxml.jackson.annotation.JsonPropertyOrder;

import dev.loomy.results.Provenance;

/**
 * One output as it was made: a line of the manifest. An output is up to date when a record of
 * it matches what the run would make it from now, field for field, and the output is still the
 * file recorded. Built wherever the output was made (this JVM, a child, a Spark executor) and
 * appended by whoever holds the manifest: a record is a plain value.
 *
 * @param output     the output's path relative to the output folder, '/' between names
 * @param input      the input's path, as the run names it
 * @param size       the input's size in bytes
 * @param modified   the input's modification time, milliseconds since the epoch
 * @param definition what made the output from the input: {@link #definition}'s digest
 * @param version    loomy's version
 * @param outputSize the output's size in bytes once renamed into place
 */
@JsonPropertyOrder({"output", "input", "size", "modified", "definition", "version", "outputSize"})
public record ManifestRecord(String output, String input, long size, long modified, String definition,
                             String version, long outputSize) implements Serializable {

    /** The version of this loomy, as Maven wrote it into the jar. */
    public static final String VERSION = Provenance.loomyVersion();

    /**
     * The digest of an output's definition: the filter's definition (kind, parameters, chain, as
     * JSON), the output format and the encoder's settings. Any change to one changes it.
     *
     * @param filterJson the filter's definition as JSON
     * @param format     the output's format ({@code png}, {@code jpg}, ...)
     * @param settings   what else decides the output's bytes (the JPEG quality, metadata kept)
     */
    public static String definition(String filterJson, String format, String settings) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((filterJson + '\n' + format + '\n' + settings).getBytes(StandardCharsets.UTF_8));
            return "sha256:" + HexFormat.of().formatHex(sha.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    /** A 64-bit hash of the output's path: the index's key. */
    long key() {
        return hash(output);
    }

    /** A 64-bit hash of everything else: two records of one output match when these agree. */
    long fingerprint() {
        return hash(input + '\0' + size + '\0' + modified + '\0' + definition + '\0' + version + '\0' + outputSize);
    }

    /** FNV-1a over the UTF-16 units, then a final mix: 64 bits, so that a million keys collide with odds of 1 in 10^7. */
    static long hash(String text) {
        long h = 0xcbf29ce484222325L;
        for (int i = 0; i < text.length(); i++) {
            h ^= text.charAt(i);
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        return h;
    }
}
