package dev.loomy;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.Tag;

/**
 * A test, or a class of them, that starts a JVM of its own (loomy's measuring children included) or
 * a browser, or that takes more than about two seconds: {@code ./run.sh test --fast} leaves these
 * out, {@code ./run.sh test} runs them with the others.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("slow")
public @interface Slow {
}
