package dev.loomy.engine.fork;

import java.io.IOException;
import java.io.PrintStream;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.loomy.results.Measurement;

/**
 * What a measuring child JVM and its parent tell each other. The parent writes on the child's
 * standard input the run ({@code RunConfig} as JSON) on one line, then one command a line:
 * {@value #WARM_UP} (the row's warm-ups), {@value #RUN} (one more counted run), as often as the
 * parent's order of runs asks, and {@value #FINISH} (or the end of input): report and end. The
 * child answers on its standard output: one JSON object per line, with a {@code type}. Lines are
 * pure ASCII (other characters escaped), so neither side's default charset matters.
 *
 * <pre>
 * {"type":"run-started","label":"virtual / NoOp run 1/3","images":48}
 * {"type":"progress","done":20,"failed":1,"skipped":0}      counts so far in this run, at most a few per second
 * {"type":"failure","file":"in/a.jpg","reason":"not a decodable image (...)"}
 * {"type":"warning","file":"in/b.jpg","reason":"truncated: ..."}   processed, but the file is damaged
 * {"type":"run-finished"}
 * {"type":"ready","more":true}                               a command done; whether the row takes another run
 * {"type":"result","measurement":{...}}                      last: every counted run's raw figures
 * </pre>
 *
 * A child that ends without a {@code result} line crashed (or was stopped).
 */
public final class ChildProtocol {

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = RunStarted.class, name = "run-started"),
        @JsonSubTypes.Type(value = Progress.class, name = "progress"),
        @JsonSubTypes.Type(value = Failure.class, name = "failure"),
        @JsonSubTypes.Type(value = Warning.class, name = "warning"),
        @JsonSubTypes.Type(value = RunFinished.class, name = "run-finished"),
        @JsonSubTypes.Type(value = Ready.class, name = "ready"),
        @JsonSubTypes.Type(value = Result.class, name = "result"),
    })
    public sealed interface Message permits RunStarted, Progress, Failure, Warning, RunFinished, Ready, Result {
    }

    /** The parent's commands, a line each after the run. */
    public static final String WARM_UP = "warm-up";
    public static final String RUN = "run";
    public static final String FINISH = "finish";

    public record RunStarted(String label, int images) implements Message {
    }

    public record Progress(int done, int failed, int skipped) implements Message {
    }

    public record Failure(String file, String reason) implements Message {
    }

    public record Warning(String file, String reason) implements Message {
    }

    public record RunFinished() implements Message {
    }

    /** A command done: whether the row takes another counted run (not once it has enough, crashed or was stopped). */
    public record Ready(boolean more) implements Message {
    }

    public record Result(Measurement measurement) implements Message {
    }

    /** A line that is not a message of this protocol. */
    public static final class MalformedMessage extends IOException {

        private static final long serialVersionUID = 1L;

        MalformedMessage(String message, Throwable cause) {
            super(message, cause);
        }
    }

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(JsonWriteFeature.ESCAPE_NON_ASCII)
            .defaultPropertyInclusion(JsonInclude.Value.construct(JsonInclude.Include.NON_NULL, JsonInclude.Include.NON_NULL))
            .build();

    private ChildProtocol() {
    }

    /** The message as one line, without the line break. */
    public static String encode(Message message) {
        try {
            return MAPPER.writerFor(Message.class).writeValueAsString(message);
        } catch (JacksonException e) {
            throw new IllegalStateException("cannot encode " + message, e);
        }
    }

    public static Message decode(String line) throws MalformedMessage {
        try {
            Message message = MAPPER.readValue(line, Message.class);
            if (message == null) {
                throw new MalformedMessage("not a message: " + abbreviate(line), null);
            }
            return message;
        } catch (JacksonException e) {
            throw new MalformedMessage("not a message (" + e.getOriginalMessage() + "): " + abbreviate(line), e);
        }
    }

    private static String abbreviate(String line) {
        return line.length() <= 120 ? line : line.substring(0, 117) + "...";
    }

    /**
     * Sends messages as whole lines, from any thread. When the parent has gone (the pipe is
     * broken), {@code onParentGone} runs once, so that the child stops instead of working for
     * nobody.
     */
    public static final class Writer {

        private final PrintStream out;
        private final Runnable onParentGone;
        private boolean gone;

        public Writer(PrintStream out, Runnable onParentGone) {
            this.out = out;
            this.onParentGone = onParentGone;
        }

        public synchronized void send(Message message) {
            out.print(encode(message));
            out.print('\n');
            out.flush();
            if (!gone && out.checkError()) {
                gone = true;
                onParentGone.run();
            }
        }
    }
}
