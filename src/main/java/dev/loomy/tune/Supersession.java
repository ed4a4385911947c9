package dev.loomy.tune;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which preview each client still wants: a client's newer request supersedes its older one, whose
 * run is then dropped at its next step (or never starts) rather than queued behind it. A client
 * names itself with a token ({@code X-Loomy-Client}) and numbers its requests
 * ({@code X-Loomy-Sequence}), so that a request overtaken on the way is known as the older one;
 * without a number, the later arrival is the newer. A request without a token is a client of its own.
 */
final class Supersession {

    /** The clients remembered; beyond it, those with no request under way are forgotten. */
    static final int CLIENTS = 256;

    /** One request's claim to its client's preview. */
    static final class Ticket {

        private final String client;
        private final long sequence;
        private volatile boolean superseded;
        private volatile boolean done;

        private Ticket(String client, long sequence, boolean superseded) {
            this.client = client;
            this.sequence = sequence;
            this.superseded = superseded;
        }

        boolean superseded() {
            return superseded;
        }
    }

    private final Map<String, Ticket> latest = new LinkedHashMap<>();
    private long arrivals;

    /**
     * The ticket of a new request; an older one of the same client is superseded, or this one is
     * when the client has already asked for a newer one.
     *
     * @param client   the client's token, or null
     * @param sequence the request's number within its client, or null
     */
    synchronized Ticket enter(String client, Long sequence) {
        long number = sequence != null ? sequence : ++arrivals;
        if (client == null) {
            return new Ticket(null, number, false);
        }
        Ticket current = latest.get(client);
        if (current != null && current.sequence > number) {
            return new Ticket(client, number, true);
        }
        if (current != null) {
            current.superseded = true;
        }
        Ticket ticket = new Ticket(client, number, false);
        latest.remove(client);
        latest.put(client, ticket);
        forgetIdle();
        return ticket;
    }

    /** The request of {@code ticket} is answered. */
    void leave(Ticket ticket) {
        ticket.done = true;
    }

    /** Keeps the map bounded: the oldest clients with nothing under way go first. */
    private void forgetIdle() {
        Iterator<Ticket> tickets = latest.values().iterator();
        while (latest.size() > CLIENTS && tickets.hasNext()) {
            if (tickets.next().done) {
                tickets.remove();
            }
        }
    }
}
