package dev.loomy.filter;

/** A parameter value a filter refuses: the message names the filter's kind, the parameter and what it must be. */
public final class ParameterException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    private final String parameter;

    /** @param problem what is wrong, beginning with the parameter's name: "red must be ..., not 0" */
    public ParameterException(String kind, String parameter, String problem) {
        super(kind + ": " + problem);
        this.parameter = parameter;
    }

    /** The parameter refused, as its kind names it. */
    public String parameter() {
        return parameter;
    }
}
