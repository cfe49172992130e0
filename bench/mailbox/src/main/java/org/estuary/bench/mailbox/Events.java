package org.estuary.bench.mailbox;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.rmi.MarshalledObject;

import net.jini.core.event.RemoteEvent;

/** The benchmark's events: plain RemoteEvents whose handback pads them to a given serialized size. */
final class Events {

    private final MarshalledObject<byte[]> handback;

    /** Events of about {@code bytes} serialized bytes. */
    Events(int bytes) {
        try {
            this.handback = new MarshalledObject<>(new byte[Math.max(0, bytes - 330)]);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RemoteEvent event(String source, long sequence) {
        return new RemoteEvent(source, 1, sequence, handback);
    }

    /** Settings every benchmark mailbox runs with: limits out of the way of a million stored events. */
    static final java.util.Map<String, Object> ROOMY = java.util.Map.of("max_events_per_registration", 5_000_000,
            "max_bytes_per_registration", 8L << 30, "max_bytes", 8L << 30);
}
