package outside;

/** What a hostile listener throws: a class outside the allowlist of the service that sends it events. */
public final class ListenerGadgetException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ListenerGadgetException() {
        super("not for a service to read");
    }
}
