package evil.gadget;

import java.util.PriorityQueue;

/** An exception a hostile listener throws: its class is outside the allowlist and it carries a gadget. */
public final class EvilException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** @serial the gadget */
    private final PriorityQueue<Object> payload;

    public EvilException(PriorityQueue<Object> payload) {
        super("hostile");
        this.payload = payload;
    }

    public PriorityQueue<Object> payload() {
        return payload;
    }
}
