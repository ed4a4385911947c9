package dev.loomy.tune;

/** A request refused, with its HTTP status and the one line that says why. */
final class HttpError extends Exception {

    private final int status;

    HttpError(int status, String message) {
        // One line: the reply is one line of JSON.
        super(message.replaceAll("\\s*\\R\\s*", " "));
        this.status = status;
    }

    static HttpError badRequest(String message) {
        return new HttpError(400, message);
    }

    static HttpError notFound(String message) {
        return new HttpError(404, message);
    }

    int status() {
        return status;
    }
}
