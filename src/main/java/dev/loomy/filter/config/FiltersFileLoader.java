package dev.loomy.filter.config;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.loomy.files.IoReasons;
import dev.loomy.filter.Filter;
import dev.loomy.filter.FilterRegistry;

/**
 * Finds and reads the filters file: {@code --config=FILE} when given, else {@code filters.yaml}
 * in the working folder when there is one, else the default packaged in the jar (the
 * repository's own filters.yaml, copied in by the build).
 */
public final class FiltersFileLoader {

    public static final String FILE_NAME = "filters.yaml";
    /** The largest filters file read: hundreds of times what any needs, and parsed in well under a second. */
    public static final int MAX_BYTES = 1024 * 1024;

    private static volatile String packagedText;

    private FiltersFileLoader() {
    }

    /**
     * @param config     the file given by --config, or null
     * @param workingDir where to look for filters.yaml when no file is given
     */
    public static FilterCatalog load(Path config, Path workingDir) throws FiltersFileException {
        Source source = source(config, workingDir);
        return parse(source.name(), source.packaged(), source.text());
    }

    /**
     * The filters for a run, from the same file {@link #load} reads. A run needs the filters, not
     * where the file defines them: when the file is loomy's packaged default, or byte for byte the
     * same, its filters are the built-ins it restates (PackagedDefaultTest holds the two equal),
     * taken without parsing it, which costs a plain job tens of milliseconds of its start.
     */
    public static FilterCatalog loadFilters(Path config, Path workingDir) throws FiltersFileException {
        Source source = source(config, workingDir);
        if (source.text().equals(packagedText())) {
            List<FilterCatalog.Entry> entries = FilterRegistry.builtIns().filters().stream()
                    .map(filter -> new FilterCatalog.Entry(filter, 0)).toList();
            return new FilterCatalog(source.name(), source.packaged(), entries);
        }
        return parse(source.name(), source.packaged(), source.text());
    }

    /** A filters file's text, named as messages name it, and whether it is the packaged default. */
    private record Source(String name, boolean packaged, String text) {
    }

    /** {@code --config=FILE} when given, else ./filters.yaml when there is one, else the packaged default. */
    private static Source source(Path config, Path workingDir) throws FiltersFileException {
        Path file = config != null ? config : workingDir.resolve(FILE_NAME);
        if (config == null && !Files.exists(file)) {
            return new Source(packagedName(), true, packagedText());
        }
        return new Source(file.toString(), false, readText(file));
    }

    /**
     * Reads {@code file}, which must exist: a regular file of at most {@value #MAX_BYTES} bytes. A
     * FIFO or a device is refused unopened (reading one could block, or never end), and a file
     * that grows past the limit while read is refused once the limit is passed.
     */
    public static FilterCatalog read(Path file) throws FiltersFileException {
        return parse(file.toString(), false, readText(file));
    }

    private static String readText(Path file) throws FiltersFileException {
        String name = file.toString();
        if (Files.isDirectory(file)) {
            throw new FiltersFileException(name, "cannot read: it is a folder, not a file");
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            throw new FiltersFileException(name, "cannot read: not a regular file (a FIFO, a device or a socket)");
        }
        String text;
        try (InputStream in = Files.newInputStream(file)) {
            byte[] bytes = in.readNBytes(MAX_BYTES + 1);
            if (bytes.length > MAX_BYTES) {
                throw new FiltersFileException(name, "cannot read: larger than " + MAX_BYTES / 1024 / 1024
                        + " MiB, the most a filters file may be");
            }
            text = StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString();
        } catch (NoSuchFileException e) {
            throw new FiltersFileException(name, "no such file");
        } catch (CharacterCodingException e) {
            throw new FiltersFileException(name, "cannot read: not UTF-8 text");
        } catch (IOException e) {
            throw new FiltersFileException(name, "cannot read: " + IoReasons.of(e));
        }
        return text;
    }

    /** The default packaged in the jar. */
    public static FilterCatalog packaged() throws FiltersFileException {
        return parse(packagedName(), true, packagedText());
    }

    private static URL packagedUrl() {
        URL url = FiltersFileLoader.class.getResource(FILE_NAME);
        if (url == null) {
            throw new IllegalStateException("the packaged " + FILE_NAME + " is missing from the class path");
        }
        return url;
    }

    private static String packagedName() {
        return packagedUrl().toString();
    }

    /** The packaged default's text, read once: a run compares the file it is given with it. */
    static String packagedText() throws FiltersFileException {
        String text = packagedText;
        if (text == null) {
            URL url = packagedUrl();
            try (InputStream in = url.openStream()) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new FiltersFileException(url.toString(), "cannot read: " + IoReasons.of(e));
            }
            packagedText = text;
        }
        return text;
    }

    static FilterCatalog parse(String name, boolean packaged, String text) throws FiltersFileException {
        YamlSource source = new YamlSource(name, text);
        List<Definition> definitions = new FiltersFileParser(source).parse();
        List<Filter> builtIns = FilterRegistry.builtIns().filters();

        Map<String, FilterCatalog.Entry> entries = new LinkedHashMap<>();
        for (Filter builtIn : builtIns) {
            entries.put(FiltersFileParser.key(builtIn.name()), new FilterCatalog.Entry(builtIn, 0));
        }
        for (Map.Entry<Definition, Filter> resolved : new ChainResolver(source, builtIns, definitions).resolve()
                .entrySet()) {
            Definition definition = resolved.getKey();
            entries.put(FiltersFileParser.key(definition.name()),
                    new FilterCatalog.Entry(resolved.getValue(), definition.line()));
        }
        return new FilterCatalog(name, packaged, List.copyOf(entries.values()));
    }
}
