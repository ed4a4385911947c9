package dev.loomy.engine;

import dev.loomy.results.Measurement;

/** A row that does what another does: a wrapper overrides only the part it changes. */
abstract class ForwardingRow implements Row {

    protected final Row row;

    ForwardingRow(Row row) {
        this.row = row;
    }

    @Override
    public String label() {
        return row.label();
    }

    @Override
    public void warmUp() throws InterruptedException {
        row.warmUp();
    }

    @Override
    public boolean needsMore() {
        return row.needsMore();
    }

    @Override
    public void runOnce() throws InterruptedException {
        row.runOnce();
    }

    @Override
    public void stop() {
        row.stop();
    }

    @Override
    public Measurement finish() throws InterruptedException {
        return row.finish();
    }
}
