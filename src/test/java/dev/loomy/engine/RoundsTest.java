package dev.loomy.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.run.RunControl;

/** The order of the rows' runs: warm-ups first, then rounds of every row that needs a run, each shuffled from the seed. */
class RoundsTest {

    /** A row that takes {@code runs} runs and writes down each step into {@code log}. */
    private static class FakeRow implements Row {
        private final String name;
        private final int runs;
        private final List<String> log;
        private int taken;

        FakeRow(String name, int runs, List<String> log) {
            this.name = name;
            this.runs = runs;
            this.log = log;
        }

        @Override
        public String label() {
            return name;
        }

        @Override
        public void warmUp() {
            log.add("warm " + name);
        }

        @Override
        public boolean needsMore() {
            return taken < runs;
        }

        @Override
        public void runOnce() {
            taken++;
            log.add(name);
        }

        @Override
        public Measurement finish() {
            return new Measurement(name, "NoOp", 1, 0, List.of(), Outcome.OK, String.valueOf(taken));
        }
    }

    private static List<Row> rows(List<String> log, int... runs) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < runs.length; i++) {
            rows.add(new FakeRow("r" + i, runs[i], log));
        }
        return rows;
    }

    @Test
    void everyRowRunsOncePerRoundAfterEveryWarmUpAndTheMeasurementsKeepTheRowsOrder() throws Exception {
        List<String> log = new ArrayList<>();
        List<List<String>> rounds = new ArrayList<>();

        List<Measurement> measured = new Rounds(new RunControl()).interleaved(rows(log, 4, 4, 4), 7, rounds);

        assertThat(log.subList(0, 3)).containsExactly("warm r0", "warm r1", "warm r2");
        assertThat(rounds).hasSize(4);
        for (int round = 0; round < 4; round++) {
            assertThat(rounds.get(round)).containsExactlyInAnyOrder("r0", "r1", "r2");
            assertThat(log.subList(3 + 3 * round, 6 + 3 * round)).isEqualTo(rounds.get(round));
        }
        assertThat(measured).extracting(Measurement::strategy).containsExactly("r0", "r1", "r2");
        assertThat(measured).extracting(Measurement::note).containsOnly("4");
    }

    @Test
    void theOrderIsShuffledEachRoundAndTheSameFromTheSameSeed() throws Exception {
        List<List<String>> first = new ArrayList<>();
        List<List<String>> again = new ArrayList<>();
        List<List<String>> other = new ArrayList<>();
        new Rounds(new RunControl()).interleaved(rows(new ArrayList<>(), 8, 8, 8, 8), 42, first);
        new Rounds(new RunControl()).interleaved(rows(new ArrayList<>(), 8, 8, 8, 8), 42, again);
        new Rounds(new RunControl()).interleaved(rows(new ArrayList<>(), 8, 8, 8, 8), 43, other);

        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
        assertThat(first.stream().distinct().count()).as("not one order every round").isGreaterThan(1);
    }

    @Test
    void aRowThatHasEnoughDropsOutWhileTheOthersGoOn() throws Exception {
        List<List<String>> rounds = new ArrayList<>();

        new Rounds(new RunControl()).interleaved(rows(new ArrayList<>(), 1, 3), 1, rounds);

        assertThat(rounds).hasSize(3);
        assertThat(rounds.get(0)).containsExactlyInAnyOrder("r0", "r1");
        assertThat(rounds.get(1)).containsExactly("r1");
        assertThat(rounds.get(2)).containsExactly("r1");
    }

    @Test
    void anInterruptEndsTheRoundsAndEveryStartedRowStillReports() throws Exception {
        RunControl control = new RunControl();
        List<String> log = new ArrayList<>();
        List<Row> rows = new ArrayList<>(rows(log, 5, 5));
        List<String> stopped = new ArrayList<>();
        rows.add(new FakeRow("r2", 5, log) {
            @Override
            public void runOnce() {
                super.runOnce();
                control.interrupt();
            }

            @Override
            public void stop() {
                stopped.add("r2");
            }
        });
        List<List<String>> rounds = new ArrayList<>();

        List<Measurement> measured = new Rounds(control).interleaved(rows, 3, rounds);

        assertThat(rounds).hasSize(1);
        assertThat(measured).hasSize(3);
        assertThat(stopped).contains("r2");
        assertThat(log.stream().filter(step -> !step.startsWith("warm")).count()).isLessThanOrEqualTo(3);
    }

    @Test
    void sequentiallyEachRowTakesAllItsRunsBeforeTheNext() throws Exception {
        List<String> log = new ArrayList<>();

        new Rounds(new RunControl()).sequential(rows(log, 2, 2));

        assertThat(log).containsExactly("warm r0", "r0", "r0", "warm r1", "r1", "r1");
    }
}
