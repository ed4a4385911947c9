package dev.loomy.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import dev.loomy.results.Measurement;
import dev.loomy.run.RunControl;

/**
 * Takes the rows' runs in an order: sequential (each row whole, in turn) or interleaved, round by
 * round, one counted run of every row that needs one per round, the rows shuffled afresh each round
 * from one seed, so that load arriving mid-comparison falls on every row alike, as hyperfine's users
 * have asked of it. Warm-ups come before the first round, row by row. The measurements come back in
 * the rows' own order, whatever the order of their runs; a row never started (after an interrupt)
 * has none.
 */
public final class Rounds {

    private final RunControl control;

    public Rounds(RunControl control) {
        this.control = control;
    }

    /** Each row whole, one after the other; after an interrupt or a first failure ({@code --fail-fast}), no other row starts. */
    public List<Measurement> sequential(List<Row> rows) throws InterruptedException {
        List<Measurement> measurements = new ArrayList<>();
        for (Row row : rows) {
            if (control.ended()) {
                break;
            }
            try {
                row.warmUp();
                while (row.needsMore() && !control.ended()) {
                    row.runOnce();
                }
            } finally {
                measurements.add(finish(row));
            }
        }
        return measurements;
    }

    /**
     * Every row warmed up, then rounds until no row needs a run or an interrupt; each round's order
     * goes to {@code rounds}.
     */
    public List<Measurement> interleaved(List<Row> rows, long seed, List<List<String>> rounds)
            throws InterruptedException {
        List<Row> started = new ArrayList<>();
        try {
            for (Row row : rows) {
                if (control.ended()) {
                    break;
                }
                started.add(row);
                row.warmUp();
            }
            Random random = new Random(seed);
            for (List<Row> round = round(started, random); !round.isEmpty() && !control.ended();
                    round = round(started, random)) {
                rounds.add(round.stream().map(Row::label).toList());
                for (Row row : round) {
                    if (control.ended()) {
                        break;
                    }
                    row.runOnce();
                }
            }
        } finally {
            if (control.interrupted()) {
                // Every child asked to stop at once, then each waited for: the stop stays within its 3 seconds.
                started.forEach(Row::stop);
            }
        }
        Map<Row, Measurement> measured = new LinkedHashMap<>();
        for (Row row : started) {
            measured.put(row, finish(row));
        }
        return rows.stream().filter(measured::containsKey).map(measured::get).toList();
    }

    /** The rows that need another run, in a fresh order. */
    static List<Row> round(List<Row> rows, Random random) {
        List<Row> round = new ArrayList<>(rows.stream().filter(Row::needsMore).toList());
        Collections.shuffle(round, random);
        return round;
    }

    private Measurement finish(Row row) throws InterruptedException {
        if (control.interrupted()) {
            row.stop();
        }
        return row.finish();
    }
}
