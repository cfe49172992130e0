package org.estuary.mailbox.internal;

import java.util.ArrayDeque;
import java.util.LinkedHashSet;
import java.util.Set;

import net.jini.core.event.RemoteEventListener;

import org.estuary.io.Marshalled;
import org.estuary.lease.durable.LeasedResource;
import org.estuary.store.api.WritePath;

/**
 * One registration's state (EM.4, EM.7). Every field is written under {@link MailboxState#lock}, except
 * {@link #attempting}, which the delivery thread sets around its {@code notify} call.
 */
final class Registration extends LeasedResource {

    /** The registration's id, also its lease's id; set once, when its lease is granted or restored. */
    long id;
    /**
     * The client that registered ({@code org.estuary.remote.Callers}), whose quota it counts against; null for one
     * made in this JVM or recovered from the store (not counted).
     */
    String owner;
    /** The lease's expiration as last recorded and shown (epoch ms). */
    volatile long expiration;
    /** Orders the changes of the delivery state (target, iterator, unknown list). */
    final WritePath.Ticket changes = new WritePath.Ticket();
    /** The lease ended: nothing more is stored, delivered or pulled. */
    volatile boolean ended;

    /** The stored events, in arrival order; the durable ones form a prefix. */
    final ArrayDeque<StoredEvent> events = new ArrayDeque<>();
    /** The bytes of {@link #events}, counted against the limits. */
    long bytes;
    /** The arrival number the next event gets. */
    long nextArrival = 1;
    /** The highest arrival number a pull iterator reported received (recorded, so arrival numbers never reuse it). */
    long receivedUpTo;

    /** The push target (EM.4.1), or null when delivery is disabled; its recorded form alongside. */
    RemoteEventListener target;
    Marshalled<RemoteEventListener> targetForm;
    /** Counts the changes of target: what an attempt of an earlier target reports does not change delivery. */
    long generation;
    /** The event handed to the delivery for the current or an earlier target and not answered yet, or null. */
    StoredEvent inFlight;
    /** The {@link #generation} the event in flight was handed over for. */
    long inFlightGeneration;
    /** The thread inside the target's {@code notify} now, or null (read to let that thread disable delivery). */
    volatile Thread attempting;
    /** Set while {@link Dispatcher#pump} runs for this registration, so an answer in the same thread returns to it. */
    boolean pumping;
    /** Why push delivery was last stopped by the mailbox (a definite failure), for the client and the operator. */
    String lastFailure;

    /** The number of the last iterator made (EM.7.1) and whether it is still valid. */
    long iteratorSeq;
    boolean iteratorOpen;

    /** The unknown-event list (EM.4.1, EM.7.1), in the order the pairs were added. */
    final Set<UnknownEvent> unknown = new LinkedHashSet<>();

    /** A WARNING about the registration being full was logged since it last had room. */
    boolean fullWarned;

    @Override
    protected boolean ended() {
        return ended;
    }

    /** The first stored event, if it is durable. */
    StoredEvent readyHead() {
        StoredEvent head = events.peekFirst();
        return head != null && head.durable ? head : null;
    }

    @Override
    public String toString() {
        return "registration " + Long.toUnsignedString(id);
    }
}
