package dev.loomy.files;

import java.util.Iterator;
import java.util.NoSuchElementException;

/** An iterator that finds its next element only when asked whether there is one: a walk, a listing. */
public abstract class LookAhead<T> implements Iterator<T> {

    private T next;

    /** The next element, or null when there is none. */
    protected abstract T find();

    @Override
    public final boolean hasNext() {
        if (next == null) {
            next = find();
        }
        return next != null;
    }

    @Override
    public final T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        T found = next;
        next = null;
        return found;
    }
}
