package org.estuary.event.beans;

import static org.estuary.event.test.Events.forever;
import static org.estuary.event.test.Events.marshal;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.rmi.ConnectException;
import java.util.ArrayList;
import java.util.EventListener;
import java.util.List;
import java.util.concurrent.TimeUnit;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.UnknownEventException;

import org.estuary.core.time.ManualClock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.DeliveryOutcome.Status;
import org.estuary.event.EventDelivery;
import org.estuary.event.test.Events.Outcomes;
import org.estuary.event.test.ScriptedListener;
import org.junit.jupiter.api.Test;

class BeansBridgeTest {

    private static final long CHANGED = 1;
    private static final long WITHDRAWN = 2;

    private final ManualClock clock = new ManualClock(1_000_000L);
    private final EventDelivery delivery = new EventDelivery(clock, Runnable::run, DeliveryConfig.defaults());

    @SuppressWarnings("unchecked")
    private static <T> T roundTrip(T value) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(value);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (T) in.readObject();
        }
    }

    @Test
    void aBeanEventMadeFromARemoteEventLosesNothing() throws Exception {
        // EV.4.2: "creation of a JavaBeans component event object from a RemoteEvent object without loss".
        RemoteEvent remote = new RemoteEvent("generator", 7, 42, marshal("handback"));
        RemoteBeanEvent bean = RemoteBeanEvent.of(remote);
        assertEquals("generator", bean.getSource());
        assertEquals(7, bean.getID());
        assertEquals(42, bean.getSequenceNumber());
        assertEquals("handback", bean.getRegistrationObject().get());
        assertSame(remote, bean.toRemoteEvent(), "remote -> bean -> remote gives the same event");

        RemoteBeanEvent copy = roundTrip(bean);
        assertEquals("generator", copy.getSource(), "the source survives serialization");
        assertEquals(7, copy.toRemoteEvent().getID());
        assertEquals(42, copy.getSequenceNumber());
        assertEquals("handback", copy.getRegistrationObject().get());
        assertThrows(NullPointerException.class, () -> RemoteBeanEvent.of(null));
    }

    @Test
    void theDispatcherCallsTheListenerMethodOfEachEventIdentifier() throws Exception {
        // EV.4.2: "map from a distributed event listener to the appropriate call to a notification method".
        RecordingPriceListener bean = new RecordingPriceListener();
        List<RemoteBeanEvent> seen = new ArrayList<>();
        BeanEventDispatcher<PriceListener> dispatcher = BeanEventDispatcher.<PriceListener>to(bean)
                .from("exchange")
                .on(CHANGED, (l, e) -> {
                    seen.add(e);
                    l.priceChanged(new PriceEvent(e.getSource(), e.getSequenceNumber()));
                })
                .on(WITHDRAWN, (l, e) -> l.priceWithdrawn(new PriceEvent(e.getSource(), -1)))
                .build();
        RemoteEvent changed = new RemoteEvent("exchange", CHANGED, 5, marshal("h"));
        dispatcher.notify(changed);
        dispatcher.notify(new RemoteEvent("exchange", WITHDRAWN, 6, null));
        assertEquals(List.of("priceChanged:5.0", "priceWithdrawn:-1.0"), bean.calls);
        assertSame(changed, seen.get(0).toRemoteEvent());
        // EV.2.3.3: other kinds are refused.
        assertThrows(UnknownEventException.class, () -> dispatcher.notify(new RemoteEvent("exchange", 3, 1, null)));
        assertThrows(UnknownEventException.class,
                () -> dispatcher.notify(new RemoteEvent("elsewhere", CHANGED, 1, null)));
        assertThrows(NullPointerException.class, () -> dispatcher.notify(null));
    }

    @Test
    void beanToRemoteToBeanCallsTheSameMethodWithTheSameEvent() throws Exception {
        // EV.4.2 both directions: bean event -> RemoteEvent (numbered, with handback) -> the same bean call.
        RecordingPriceListener far = new RecordingPriceListener();
        BeanEventDispatcher<PriceListener> dispatcher = BeanEventDispatcher.<PriceListener>to(far)
                .replaying(PriceListener.class).build();
        List<RemoteEvent> wire = new ArrayList<>();
        RemoteEventBridge<PriceListener> bridge = RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", CHANGED).event("priceWithdrawn", WITHDRAWN)
                .to(e -> {
                    wire.add(e);
                    dispatcher.notify(e);
                }, marshal("registration"), forever())
                .build();
        PriceListener near = bridge.listener();
        Object bean = "stock-bean";
        PriceEvent first = new PriceEvent(bean, 10.5);
        near.priceChanged(first);
        near.priceChanged(new PriceEvent(bean, 11.0));
        near.priceWithdrawn(new PriceEvent(bean, 0));

        assertEquals(List.of("priceChanged:10.5", "priceChanged:11.0", "priceWithdrawn:0.0"), far.calls);
        assertSame(first, far.events.get(0), "in one JVM the very event object arrives");
        BeanRemoteEvent sent = (BeanRemoteEvent) wire.get(0);
        assertEquals(bean, sent.getSource());
        assertEquals(CHANGED, sent.getID());
        assertEquals(1, sent.getSequenceNumber());
        assertEquals("registration", sent.getRegistrationObject().get());
        assertEquals("priceChanged", sent.getListenerMethod());
        // EV.2.3.2: numbers per kind (source, id), fully ordered.
        assertEquals(2, wire.get(1).getSequenceNumber());
        assertEquals(1, wire.get(2).getSequenceNumber());
        assertEquals("price listener", near.describe(), "default methods run as written");
        assertEquals(near, near);
    }

    @Test
    void aBridgedEventCrossesAJvmBoundaryWithItsIdentityAndState() throws Exception {
        // EV.2.5 + EV.4.2: source, id, sequence number, handback and the bean's own state survive the wire.
        List<RemoteEvent> wire = new ArrayList<>();
        RemoteEventBridge<PriceListener> bridge = RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", CHANGED).event("priceWithdrawn", WITHDRAWN)
                .to(wire::add, marshal("registration"), forever()).build();
        bridge.listener().priceChanged(new PriceEvent("stock-bean", 10.5));
        BeanRemoteEvent received = roundTrip((BeanRemoteEvent) wire.get(0));
        assertEquals("stock-bean", received.getSource());
        assertEquals(CHANGED, received.getID());
        assertEquals(1, received.getSequenceNumber());
        assertEquals("registration", received.getRegistrationObject().get());
        assertEquals(10.5, ((PriceEvent) received.getBeanEvent()).getPrice());
        assertNull(received.getBeanEvent().getSource(), "EventObject.source is transient (JDK rule)");

        RecordingPriceListener far = new RecordingPriceListener();
        BeanEventDispatcher.<PriceListener>to(far).replaying(PriceListener.class).build().notify(received);
        assertEquals(List.of("priceChanged:10.5"), far.calls);
        // ... and on to a RemoteBeanEvent and back: still the same four values.
        RemoteEvent again = RemoteBeanEvent.of(received).toRemoteEvent();
        assertEquals("stock-bean", again.getSource());
        assertEquals(CHANGED, again.getID());
        assertEquals(1, again.getSequenceNumber());
        assertEquals("registration", again.getRegistrationObject().get());
    }

    @Test
    void theBeanNeverSeesRemoteFailuresAndDeliveryIsRetried() {
        // EV.4.2: the bridge "would need to deal with the additional failure modes" - retry on indefinite.
        ScriptedListener remote = new ScriptedListener().thenThrow(new ConnectException("down"));
        Outcomes outcomes = new Outcomes();
        RemoteEventBridge<PriceListener> bridge = RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", CHANGED).event("priceWithdrawn", WITHDRAWN).source("stock-proxy")
                .to(remote, null, forever()).observer(outcomes).build();
        bridge.listener().priceChanged(new PriceEvent("stock-bean", 1));
        assertEquals(0, remote.received().size());
        clock.advance(1, TimeUnit.SECONDS);
        assertEquals(1, remote.received().size());
        assertEquals("stock-proxy", remote.received().get(0).getSource(), "the configured remote source");
        assertEquals(Status.DELIVERED, outcomes.only().status());
    }

    /** Not a JavaBeans listener: a method that takes no event. */
    public interface NotAListener extends EventListener {
        void somethingElse(String text);
    }

    @Test
    void badConfigurationsAndInputAreRefused() {
        // Bad input: unmapped methods, wrong types, nulls.
        assertThrows(IllegalStateException.class, () -> RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", CHANGED).to(e -> { }, null, forever()).build());
        assertThrows(IllegalArgumentException.class,
                () -> RemoteEventBridge.builder(PriceListener.class, delivery).event("noSuchMethod", 1));
        assertThrows(IllegalArgumentException.class, () -> RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", 1).event("priceChanged", 2));
        assertThrows(IllegalArgumentException.class, () -> RemoteEventBridge.builder(NotAListener.class, delivery)
                .to(e -> { }, null, forever()).build());
        assertThrows(IllegalStateException.class, () -> RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", 1).event("priceWithdrawn", 2).build());
        assertThrows(NullPointerException.class, () -> RemoteEventBridge.builder(null, delivery));
        assertThrows(NullPointerException.class, () -> RemoteEventBridge.builder(PriceListener.class, null));
        PriceListener listener = RemoteEventBridge.builder(PriceListener.class, delivery)
                .event("priceChanged", 1).event("priceWithdrawn", 2).to(e -> { }, null, forever()).build()
                .listener();
        assertThrows(NullPointerException.class, () -> listener.priceChanged(null));

        assertThrows(NullPointerException.class, () -> BeanEventDispatcher.to(null));
        assertThrows(IllegalStateException.class, () -> BeanEventDispatcher.to(new RecordingPriceListener()).build());
        assertThrows(IllegalArgumentException.class, () -> BeanEventDispatcher.to(new RecordingPriceListener())
                .on(1, (l, e) -> { }).on(1, (l, e) -> { }));
        assertThrows(NullPointerException.class,
                () -> BeanEventDispatcher.to(new RecordingPriceListener()).on(1, null));
        assertThrows(NullPointerException.class,
                () -> new BeanRemoteEvent("s", 1, 1, null, null, "priceChanged"));
        assertThrows(NullPointerException.class,
                () -> new BeanRemoteEvent("s", 1, 1, null, new PriceEvent("s", 1), null));
        assertTrue(listener.toString().contains("RemoteEventBridge"));
    }
}
