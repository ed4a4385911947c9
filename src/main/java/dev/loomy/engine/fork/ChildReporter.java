package dev.loomy.engine.fork;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

import dev.loomy.engine.FailureLog;
import dev.loomy.engine.RunListener;
import dev.loomy.results.ImageTiming;

/**
 * A child's progress and failures, on their way to the parent. Image jobs only count and queue:
 * a job that wrote to the pipe itself would block in I/O, and a virtual thread blocked in
 * I/O makes the JVM add a carrier thread, which would change what is measured. One platform
 * thread, started before the first run (so that every run's thread peak includes it alike),
 * sends what has accumulated a few times a second.
 */
final class ChildReporter implements RunListener, AutoCloseable {

    private static final long INTERVAL_MILLIS = 200;

    private final ChildProtocol.Writer writer;
    private final Queue<ChildProtocol.Message> problems = new ConcurrentLinkedQueue<>();
    private final AtomicInteger done = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();
    private final AtomicInteger skipped = new AtomicInteger();
    private final Thread sender;
    private volatile boolean running = true;
    private boolean inRun;
    private ChildProtocol.Progress lastSent;

    ChildReporter(ChildProtocol.Writer writer) {
        this.writer = writer;
        this.sender = Thread.ofPlatform().daemon().name("loomy-child-reporter").start(this::sendPeriodically);
    }

    /** A failure log whose every new problem and warning goes to the parent. */
    FailureLog failureLog() {
        return new FailureLog(null) {
            @Override
            protected void emit(String file, String reason) {
                problems.add(new ChildProtocol.Failure(file, reason));
            }

            @Override
            protected void emitWarning(String file, String damage) {
                problems.add(new ChildProtocol.Warning(file, damage));
            }
        };
    }

    @Override
    public synchronized void runStarted(String label, int images) {
        flush();
        done.set(0);
        failed.set(0);
        skipped.set(0);
        lastSent = null;
        inRun = true;
        writer.send(new ChildProtocol.RunStarted(label, images));
    }

    @Override
    public void imageDone(ImageTiming.Status status) {
        switch (status) {
            case DONE, WARNED -> done.incrementAndGet();
            case FAILED -> failed.incrementAndGet();
            case SKIPPED -> skipped.incrementAndGet();
        }
    }

    @Override
    public synchronized void runFinished() {
        flush();
        inRun = false;
        writer.send(new ChildProtocol.RunFinished());
    }

    private void sendPeriodically() {
        while (running) {
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return;
            }
            flush();
        }
    }

    /** Sends the failures and warnings queued and the counts, if they changed. */
    private synchronized void flush() {
        for (ChildProtocol.Message f = problems.poll(); f != null; f = problems.poll()) {
            writer.send(f);
        }
        ChildProtocol.Progress now = new ChildProtocol.Progress(done.get(), failed.get(), skipped.get());
        if (inRun && !now.equals(lastSent)) {
            writer.send(now);
            lastSent = now;
        }
    }

    /** Stops the sender and sends what is left, so that nothing follows the result. */
    @Override
    public void close() {
        running = false;
        sender.interrupt();
        try {
            sender.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        flush();
    }
}
