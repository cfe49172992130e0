package org.estuary.event;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.UnmarshalException;
import java.rmi.server.UnicastRemoteObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;

import org.estuary.core.time.ManualClock;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.junit.jupiter.api.Test;

import outside.ListenerGadgetException;

/**
 * Event delivery calls each listener in the sending service's read scope: what a listener answers or throws over
 * real RMI (127.0.0.1) is read through the service's allowlist, while the same call made outside a scope is left to
 * the JVM's own filter.
 */
class DeliveryScopeTest {

    @Test
    void whatAListenerThrowsIsReadThroughTheServicesAllowlist() throws Exception {
        RemoteEventListener hostile = event -> {
            throw new ListenerGadgetException();
        };
        RemoteEventListener stub = (RemoteEventListener) UnicastRemoteObject.exportObject(hostile, 0, null,
                port -> new ServerSocket(port, 50, InetAddress.getLoopbackAddress()));
        try {
            RemoteEvent event = new RemoteEvent("source", 1, 1, null);
            assertThrows(ListenerGadgetException.class, () -> stub.notify(event)); // no scope: the JVM's filter

            ReadScope service = ReadScope.forReplies(Marshallers.defaults(), null);
            EventDelivery delivery = new EventDelivery(new ManualClock(1_000_000L), Runnable::run,
                    DeliveryConfig.defaults(), service);
            List<DeliveryOutcome> outcomes = new CopyOnWriteArrayList<>();
            delivery.submit("lane", stub, event, GoverningLease.forever(), outcomes::add);
            assertEquals(1, outcomes.size());
            assertInstanceOf(UnmarshalException.class, outcomes.get(0).failure()); // refused, never instantiated
            delivery.close();
        } finally {
            UnicastRemoteObject.unexportObject(hostile, true);
        }
    }
}
