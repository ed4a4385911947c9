package dev.loomy.report;

import java.io.PrintStream;

import dev.loomy.engine.RunListener;
import dev.loomy.results.ImageTiming;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** A progress bar per run on standard error, e.g. "virtual / NoOp run 2/3  42% [=====>     ] 20/48". */
public final class ProgressBars implements RunListener {

    private final PrintStream err;
    private volatile ProgressBar bar;

    public ProgressBars(PrintStream err) {
        this.err = err;
    }

    @Override
    public synchronized void runStarted(String label, int images) {
        runFinished();
        bar = new ProgressBarBuilder().setTaskName(label).setInitialMax(images).setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(200).setConsumer(new ConsoleProgressBarConsumer(err)).build();
    }

    @Override
    public void imageDone(ImageTiming.Status status) {
        ProgressBar current = bar;
        if (current != null) {
            current.step();
        }
    }

    @Override
    public synchronized void runFinished() {
        if (bar != null) {
            bar.close();
            bar = null;
        }
    }
}
