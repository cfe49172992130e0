package org.estuary.event.agent;

import static org.estuary.event.test.Events.event;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.rmi.ConnectException;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.UnknownEventException;

import org.estuary.core.time.ManualClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.EventDelivery;
import org.estuary.event.EventKind;
import org.estuary.event.test.Events.Outcomes;
import org.estuary.event.test.ScriptedListener;
import org.junit.jupiter.api.Test;

class MultiplexingFilterTest {

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.defaults());
    private final MultiplexingFilter filter = new MultiplexingFilter(delivery, 10);

    @Test
    void oneUpstreamNotificationReachesEveryInterestedLocalListener() throws Exception {
        // EV.3.2.1: one registration, forwarded "to each of the (machine local) objects that had expressed interest".
        ScriptedListener everything = new ScriptedListener();
        ScriptedListener onlyOne = new ScriptedListener();
        ScriptedListener onlyTwo = new ScriptedListener();
        filter.subscribe(everything, new Outcomes());
        filter.subscribe(EventKind.of("source-A", 1), onlyOne, new Outcomes());
        filter.subscribe(EventKind.of("source-A", 2), onlyTwo, new Outcomes());
        RemoteEvent one = event(1, 7);
        filter.notify(one);
        assertSame(one, everything.received().get(0), "the event passes unchanged");
        assertSame(one, onlyOne.received().get(0));
        assertEquals(0, onlyTwo.calls());
        assertEquals(3, filter.size());
    }

    @Test
    void anEventNoSubscriberWantsIsRefusedUpstream() {
        // EV.2.3.3: the upstream generator learns to stop sending it.
        filter.subscribe(EventKind.of("source-A", 1), new ScriptedListener(), new Outcomes());
        assertThrows(UnknownEventException.class, () -> filter.notify(event(2, 1)));
        MultiplexingFilter empty = new MultiplexingFilter(delivery, 1);
        assertThrows(UnknownEventException.class, () -> empty.notify(event(1, 1)));
    }

    @Test
    void aLocalListenerThatRefusesIsUnsubscribedAndTheOthersCarryOn() throws Exception {
        // EV.2.3.2: on UnknownEventException the sender may cancel that listener's interest.
        ScriptedListener refusing = new ScriptedListener().thenThrow(new UnknownEventException());
        ScriptedListener staying = new ScriptedListener();
        Outcomes outcomes = new Outcomes();
        Forwarding gone = filter.subscribe(refusing, outcomes);
        Forwarding kept = filter.subscribe(staying, new Outcomes());
        filter.notify(event(1, 1));
        filter.notify(event(1, 2));
        assertEquals(Status.UNKNOWN_EVENT, outcomes.only().status());
        assertFalse(gone.isActive());
        assertTrue(kept.isActive());
        assertEquals(1, refusing.calls());
        assertEquals(2, staying.received().size());
    }

    @Test
    void aSlowLocalListenerDoesNotHoldUpTheOthers() throws Exception {
        // EV.2.3.2: notify returns quickly; each local listener has its own lane.
        ScriptedListener failing = new ScriptedListener().thenThrow(new ConnectException("busy"));
        ScriptedListener healthy = new ScriptedListener();
        filter.subscribe(failing, new Outcomes());
        filter.subscribe(healthy, new Outcomes());
        filter.notify(event(1, 1));
        filter.notify(event(1, 2));
        assertEquals(2, healthy.received().size());
        assertEquals(0, failing.received().size());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(2, failing.received().size(), "in order once it recovers");
        assertEquals(1, failing.received().get(0).getSequenceNumber());
    }

    @Test
    void badInputIsRefused() {
        // Bad input: nulls and bounds.
        assertThrows(NullPointerException.class, () -> new MultiplexingFilter(null, 1));
        assertThrows(IllegalArgumentException.class, () -> new MultiplexingFilter(delivery, 0));
        assertThrows(NullPointerException.class, () -> filter.subscribe(null, o -> { }));
        assertThrows(NullPointerException.class, () -> filter.subscribe(new ScriptedListener(), null));
        assertThrows(NullPointerException.class,
                () -> filter.subscribe((EventKind) null, new ScriptedListener(), o -> { }));
        assertThrows(NullPointerException.class, () -> filter.notify(null));
        MultiplexingFilter one = new MultiplexingFilter(delivery, 1);
        one.subscribe(new ScriptedListener(), o -> { });
        assertThrows(IllegalStateException.class, () -> one.subscribe(new ScriptedListener(), o -> { }));
    }
}
