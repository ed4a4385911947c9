package dev.loomy.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.loomy.results.Verdict;
import dev.loomy.results.Measurement;
import dev.loomy.results.Numbers;
import dev.loomy.results.Outcome;
import dev.loomy.results.Summary;
import dev.loomy.profile.Profile;
import dev.loomy.stats.Sample;

/** The human formats' cells and lines for the statistics, the baseline and the profilers of one row. */
final class RowNotes {

    private RowNotes() {
    }

    /**
     * A line each for how a row that did not end well ended, outliers, a change beyond the noise
     * against the baseline, and what was profiled.
     */
    static List<String> of(Summary s) {
        List<String> notes = new ArrayList<>();
        Measurement m = s.measurement();
        if (m.note() != null && m.outcome() != Outcome.OK) {
            // An interrupt's note continues the word ("interrupted after 34 of 100 images"); a crash's is its reason.
            notes.add(m.outcome().label() + (m.outcome() == Outcome.INTERRUPTED ? " " : ": ") + m.note());
        }
        Sample runs = s.times().sample();
        if (runs != null && runs.outliers() > 0) {
            int k = runs.outliers();
            notes.add(k + " of " + runs.n() + " runs " + (k == 1 ? "is a statistical outlier" : "are statistical outliers")
                    + " (more than 10 robust standard deviations from the median, as hyperfine counts them): something "
                    + "else may have run meanwhile; more --warmup or a quieter machine helps");
        }
        if (s.comparison() != null && (s.comparison().verdict() == Verdict.REGRESSED
                || s.comparison().verdict() == Verdict.IMPROVED)) {
            notes.add(String.format(Locale.ROOT, "%s against the baseline: %+.1f%% images/sec (%.2f, baseline %.2f), "
                    + "beyond both runs' noise", s.comparison().verdict().label(), s.comparison().changePct(),
                    s.speed().imagesPerSec(), s.comparison().baselineImagesPerSec()));
        }
        Profile p = m.profile();
        if (p != null) {
            if (p.gcCount() >= 0) {
                notes.add("gc: " + Numbers.fixed(p.allocMbPerImage(), 2) + " MiB allocated per image, " + p.gcCount()
                        + (p.gcCount() == 1 ? " collection, " : " collections, ") + Numbers.fixed(p.gcMs(), 1) + " ms");
            }
            if (p.pinnedEvents() >= 0) {
                notes.add("pinned: " + p.pinnedEvents() + (p.pinnedEvents() == 1 ? " event" : " events")
                        + (p.pinnedSites().isEmpty() ? "" : ", at " + String.join(", ", p.pinnedSites())));
            }
            if (p.jfrFile() != null) {
                notes.add("JFR recording: " + p.jfrFile());
            }
        }
        return notes;
    }
}
