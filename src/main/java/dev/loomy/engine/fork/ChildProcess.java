package dev.loomy.engine.fork;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.loomy.console.Console;
import dev.loomy.engine.FailureLog;
import dev.loomy.engine.Row;
import dev.loomy.engine.RunListener;
import dev.loomy.opencv.OpenCvPinning;
import dev.loomy.results.ImageTiming;
import dev.loomy.results.Measurement;
import dev.loomy.results.Outcome;
import dev.loomy.run.RunConfig;
import dev.loomy.run.RunControl;
import dev.loomy.run.Trial;

/**
 * One child JVM measuring one trial, seen from the parent: a {@link Row} whose runs the child
 * takes when asked, staying warm between them. It reads the run on its standard input, then one
 * command a line ({@link ChildProtocol}); its protocol lines drive the progress display and the
 * failure log; its standard error is passed on (each distinct line once per run, stack traces
 * left out) and its last lines kept to explain a crash. On an interrupt the child is asked to
 * stop (SIGTERM: it reports its partial measurement), then, after a grace period, killed.
 */
final class ChildProcess implements Row {

    private static final int TAIL_LINES = 40;
    /** Stack traces: their first line is summed up in the crash reason, the rest is for developers. */
    private static final Pattern STACK_TRACE = Pattern.compile("^(\\s+at |\\s+\\.\\.\\. \\d+ more|Caused by: |Exception in thread )");
    private static final Pattern OUT_OF_MEMORY = Pattern.compile("java\\.lang\\.OutOfMemoryError(: .*)?");
    private static final Pattern UNCAUGHT = Pattern.compile("^Exception in thread \"[^\"]*\" (.+)$");
    /** A child's notes on standard error: the images in flight (the admission's line), notes, warnings. */
    private static final Pattern NOTE = Pattern.compile("^" + Console.PREFIX + "(note: |warning: )| in flight");
    private static final Map<Integer, String> SIGNALS = Map.of(1, "SIGHUP", 2, "SIGINT", 3, "SIGQUIT", 6, "SIGABRT",
            9, "SIGKILL", 11, "SIGSEGV", 15, "SIGTERM");

    private final Trial trial;
    private final RunConfig config;
    private final RunControl control;
    private final FailureLog failures;
    private final RunListener listener;
    private final Console console;
    private final Set<String> stderrSeen;
    private final Duration grace;
    private final ProcessBuilder builder;

    /** This JVM's children still running: an interrupt stops them all at once, not one after another. */
    private static final Set<ChildProcess> LIVE = ConcurrentHashMap.newKeySet();

    private final Deque<String> tail = new ArrayDeque<>();
    /** The child's answers to a command: {@code ready} after its warm-ups and each run, {@code result} last. */
    private final BlockingQueue<ChildProtocol.Message> answers = new LinkedBlockingQueue<>();
    private Process process;
    private Thread stdout;
    private Thread stderr;
    private volatile Measurement result;
    /** Why the child could not even start, or null. */
    private Measurement unstarted;
    private boolean more;
    private volatile boolean askedToStop;
    private volatile long killAt;
    // Counts of the run in progress, as last reported, so that the listener gets each image once.
    private int done;
    private int failed;
    private int skipped;
    private volatile boolean runOpen;

    /** @param builder the child's command, started by {@link #warmUp} */
    ChildProcess(Trial trial, RunConfig config, RunControl control, FailureLog failures, RunListener listener,
             Console console, Set<String> stderrSeen, Duration grace, ProcessBuilder builder) {
        this.trial = trial;
        this.config = config;
        this.control = control;
        this.failures = failures;
        this.listener = listener;
        this.console = console;
        this.stderrSeen = stderrSeen;
        this.grace = grace;
        this.builder = builder;
    }

    @Override
    public String label() {
        return trial.label();
    }

    /** Starts the child, sends it the run, and waits until it has taken its warm-ups. */
    @Override
    public void warmUp() throws InterruptedException {
        try {
            process = builder.start();
        } catch (IOException e) {
            unstarted = crashed("could not start a JVM (" + builder.command().get(0) + "): " + e.getMessage());
            return;
        }
        LIVE.add(this);
        Process started = process;
        stdout = Thread.ofPlatform().name("loomy-child-out").start(() -> readProtocol(started));
        stderr = Thread.ofPlatform().name("loomy-child-err").start(() -> readStderr(started));
        command(config.toJson() + "\n" + ChildProtocol.WARM_UP);
        await();
    }

    @Override
    public boolean needsMore() {
        return more && process != null && process.isAlive();
    }

    @Override
    public void runOnce() throws InterruptedException {
        if (needsMore()) {
            command(ChildProtocol.RUN);
            await();
        }
    }

    /**
     * Asks the child to stop (SIGTERM, so that it reports its partial measurement) and to be killed
     * after the grace period. Through the process handle: Process.destroy() would also close the
     * pipes, and the partial measurement the child then sends would be lost.
     */
    @Override
    public synchronized void stop() {
        if (process != null && process.isAlive() && !askedToStop) {
            process.toHandle().destroy();
            askedToStop = true;
            killAt = System.nanoTime() + grace.toNanos();
            // A child waiting for its next command ends at once, not when its turn to be finished comes.
            endInput();
        }
    }

    /** Tells the child to finish, then ends its input: a child that missed the command ends all the same. */
    private void endInput() {
        command(ChildProtocol.FINISH);
        try (OutputStream in = process.getOutputStream()) {
            // Closed.
        } catch (IOException e) {
            // The child is gone.
        }
    }

    /** Tells the child to report and end, and returns its measurement, or a crashed (or interrupted) one. */
    @Override
    public Measurement finish() throws InterruptedException {
        if (process == null) {
            return unstarted;
        }
        endInput();
        int status;
        try {
            status = waitFor();
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
            LIVE.remove(this);
        }
        stdout.join();
        stderr.join();
        if (runOpen) {
            // The child died in the middle of a run: its progress display ends here.
            listener.runFinished();
        }
        if (result != null) {
            return result;
        }
        if (control.interrupted()) {
            return new Measurement(trial.strategyName(), trial.filter(), config.imageCount(), config.measuring().warmups(),
                    List.of(), Outcome.INTERRUPTED, "before its JVM reported (exit status " + status + ")");
        }
        String reason = crashReason(status, List.copyOf(tail));
        console.error(trial.label() + ": crashed: " + reason);
        return crashed(reason);
    }

    /** Sends the child a line; a child that is already gone is described by its exit status. */
    private void command(String line) {
        try {
            OutputStream in = process.getOutputStream();
            in.write((line + "\n").getBytes(StandardCharsets.US_ASCII));
            in.flush();
        } catch (IOException e) {
            // The child ended before reading it: its exit status and last words say why.
        }
    }

    /** Waits for the child's answer to a command, or its end; on an interrupt, stops it gently, then not. */
    private void await() throws InterruptedException {
        more = false;
        while (true) {
            ChildProtocol.Message answer = answers.poll(50, TimeUnit.MILLISECONDS);
            if (answer instanceof ChildProtocol.Ready ready) {
                more = ready.more();
                return;
            }
            if (answer instanceof ChildProtocol.Result || !process.isAlive()) {
                return;
            }
            stopIfInterrupted();
        }
    }

    private Measurement crashed(String reason) {
        return Measurement.crashed(trial.strategyName(), trial.filter(), config.imageCount(), config.measuring().warmups(),
                List.of(), reason);
    }

    /** Waits for the child to end; on an interrupt, stops it gently, then not. Returns its exit status. */
    private int waitFor() throws InterruptedException {
        while (!process.waitFor(50, TimeUnit.MILLISECONDS)) {
            stopIfInterrupted();
        }
        return process.exitValue();
    }

    private void stopIfInterrupted() {
        if (!askedToStop && control.interrupted()) {
            LIVE.forEach(ChildProcess::stop);
        } else if (askedToStop && System.nanoTime() - killAt >= 0) {
            process.destroyForcibly();
        }
    }

    private void readProtocol(Process process) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.US_ASCII))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (!line.isBlank()) {
                    handle(line);
                }
            }
        } catch (IOException e) {
            // The child is gone; its exit status tells the rest.
        }
    }

    private void handle(String line) {
        ChildProtocol.Message message;
        try {
            message = ChildProtocol.decode(line);
        } catch (ChildProtocol.MalformedMessage e) {
            // Something in the child wrote to standard output: pass it on rather than lose it.
            passOn(line);
            return;
        }
        switch (message) {
            case ChildProtocol.RunStarted started -> {
                done = failed = skipped = 0;
                runOpen = true;
                listener.runStarted(started.label(), started.images());
            }
            case ChildProtocol.Progress progress -> progress(progress);
            case ChildProtocol.RunFinished finished -> {
                runOpen = false;
                listener.runFinished();
            }
            case ChildProtocol.Failure failure -> {
                // With --fail-fast, the child's first failure ends the parent's run too: no other row starts.
                control.failed(failure.file() + ": " + failure.reason());
                failures.report(failure.file(), failure.reason());
            }
            case ChildProtocol.Warning warning -> failures.warn(warning.file(), warning.reason());
            case ChildProtocol.Ready ready -> answers.add(ready);
            case ChildProtocol.Result r -> {
                result = r.measurement();
                answers.add(r);
            }
        }
    }

    /** Counts may arrive out of order (several jobs send them): only growth counts. */
    private void progress(ChildProtocol.Progress progress) {
        for (; done < progress.done(); done++) {
            listener.imageDone(ImageTiming.Status.DONE);
        }
        for (; failed < progress.failed(); failed++) {
            listener.imageDone(ImageTiming.Status.FAILED);
        }
        for (; skipped < progress.skipped(); skipped++) {
            listener.imageDone(ImageTiming.Status.SKIPPED);
        }
    }

    private void readStderr(Process process) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream()))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                synchronized (tail) {
                    tail.addLast(line);
                    if (tail.size() > TAIL_LINES) {
                        tail.removeFirst();
                    }
                }
                if (!STACK_TRACE.matcher(line).find() && !OpenCvPinning.isLoadNotice(line)) {
                    passOn(line);
                }
            }
        } catch (IOException e) {
            // The child is gone.
        }
    }

    private void passOn(String line) {
        if (!line.isBlank() && stderrSeen.add(line)) {
            // Passed on as the child wrote it: its own lines are marked as loomy's already.
            console.stream().println(line);
        }
    }

    /**
     * Why a child ended without a result: its exit status (128 + n is signal n, as Java
     * reports a killed process) and, when its last words name one, the error that killed it:
     * an OutOfMemoryError, else the last exception nothing caught, else its last line of loomy's
     * (a usage error, say). Its notes (the images in flight, notes, warnings) are no cause and
     * are not quoted.
     */
    static String crashReason(int status, List<String> stderrTail) {
        StringBuilder reason = new StringBuilder("the measuring JVM ended with exit status ").append(status);
        if (status > 128 && SIGNALS.containsKey(status - 128)) {
            String signal = SIGNALS.get(status - 128);
            reason.append(" (").append(signal);
            if (status - 128 == 9) {
                reason.append(": killed, e.g. by the kernel's out-of-memory killer");
            }
            reason.append(')');
        }
        reason.append(" before reporting a result");
        String cause = null;
        String uncaughtCause = null;
        for (String line : stderrTail) {
            Matcher m = OUT_OF_MEMORY.matcher(line);
            if (m.find()) {
                return reason + ": " + m.group().strip();
            }
            Matcher uncaught = UNCAUGHT.matcher(line);
            if (uncaught.find()) {
                uncaughtCause = uncaught.group(1).strip();
            } else if (line.startsWith(Console.PREFIX) && !NOTE.matcher(line).find()) {
                cause = line.substring(Console.PREFIX.length()).strip();
            }
        }
        cause = uncaughtCause != null ? uncaughtCause : cause;
        return cause == null ? reason.toString() : reason + ": " + cause;
    }
}
