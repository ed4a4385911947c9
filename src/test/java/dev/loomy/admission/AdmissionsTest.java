package dev.loomy.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.loomy.TestImages;
import dev.loomy.files.ImageFile;
import dev.loomy.filter.AltmRetinex;
import dev.loomy.filter.Filter;
import dev.loomy.filter.Invert;
import dev.loomy.filter.NoOp;

class AdmissionsTest {

    @TempDir
    Path dir;

    private List<ImageFile> images() {
        List<ImageFile> images = new ArrayList<>();
        for (Path file : TestImages.writeMany(dir, 3, 64, 48)) {
            images.add(new ImageFile(file, file.getFileName()));
        }
        return images;
    }

    @Test
    void theFiltersOfABatchShareOneLine() {
        List<String> notes = new ArrayList<>();
        List<Filter> filters = List.of(new NoOp(), new Invert(), new AltmRetinex());
        Admissions admissions = new Admissions(InFlightLimit.parse("2"), images(), 4, () -> false, notes::add)
                .together(filters);

        List<Admission> gates = filters.stream().map(admissions::of).toList();

        assertThat(notes).containsExactly("at most 2 images in flight (--max-in-flight=2)");
        assertThat(gates).doesNotContainNull().doesNotHaveDuplicates();
        assertThat(admissions.of(filters.get(1))).isSameAs(gates.get(1));
    }

    @Test
    void underAutoOneLineSaysHowManyForEveryFilter() {
        List<String> notes = new ArrayList<>();
        List<Filter> filters = List.of(new NoOp(), new AltmRetinex());
        Admissions admissions = new Admissions(InFlightLimit.parse("auto"), images(), 4, () -> false, notes::add)
                .together(filters);

        filters.forEach(admissions::of);

        // Each filter's own line would name it and its cost per image; three small images fit either way.
        assertThat(notes).singleElement().asString()
                .matches("about 3 images in flight at once, by filter \\(auto: 2 per core where the memory allows; "
                        + "\\S+ \\S+ of memory and \\S+ \\S+ of Java heap available\\)");
    }

    @Test
    void withoutTheBatchEachFilterHasItsLine() {
        List<String> notes = new ArrayList<>();
        Admissions admissions = new Admissions(InFlightLimit.parse("2"), images(), 4, () -> false, notes::add);

        admissions.of(new NoOp());
        admissions.of(new Invert());

        assertThat(notes).hasSize(2);
    }

    @Test
    void aJobReadsOnlyTheSampleOfHeadersBeforeItsRun() {
        List<ImageFile> three = images();
        List<ImageFile> many = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            many.add(three.get(i % 3));
        }
        AtomicInteger walked = new AtomicInteger();
        Admissions admissions = new Admissions(InFlightLimit.parse("auto"), () -> counted(many.iterator(), walked), 2,
                () -> false, note -> { }).sampleOnly();

        admissions.of(new NoOp());

        assertThat(walked).hasValue(ImageHeaders.JOB_SAMPLE);
    }

    private static Iterator<ImageFile> counted(Iterator<ImageFile> images, AtomicInteger walked) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return images.hasNext();
            }

            @Override
            public ImageFile next() {
                walked.incrementAndGet();
                return images.next();
            }
        };
    }
}
