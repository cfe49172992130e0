package org.estuary.client.kept;

import net.jini.core.event.RemoteEvent;

import org.estuary.io.Marshalled;

/** An event carrying a kept object, read only when the listener asks (as {@code RenewalFailureEvent.getLease}). */
public final class KeptEvent extends RemoteEvent {

    private static final long serialVersionUID = 1L;

    /** @serial the kept object */
    private final Marshalled<?> kept;

    public KeptEvent(Object source, Marshalled<?> kept) {
        super(source, 0, 1, null);
        this.kept = kept;
    }

    public Object kept() throws java.io.IOException, ClassNotFoundException {
        return kept.get();
    }
}
