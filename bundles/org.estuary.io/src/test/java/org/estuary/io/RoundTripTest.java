package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.StreamCorruptedException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.rmi.MarshalledObject;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Hashtable;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.Vector;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import org.estuary.io.fixture.Color;
import org.estuary.io.fixture.FixedLease;
import org.junit.jupiter.api.Test;

import net.jini.core.event.EventRegistration;
import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.event.UnknownEventException;
import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.LeaseMapException;
import net.jini.core.lease.UnknownLeaseException;
import net.jini.core.lookup.ServiceID;

/** Objects out and back in through the default filter, outside OSGi. */
class RoundTripTest {

    private final Marshaller marshaller = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    private <T> T roundTrip(T object) throws Exception {
        @SuppressWarnings("unchecked")
        T back = (T) marshaller.unmarshal(marshaller.marshal(object), Object.class);
        return back;
    }

    @Test
    void jdkValuesAndCollectionsPassTheDefaultFilter() throws Exception {
        // The default allowlist carries what services store and exchange.
        List<Object> values = List.of("text", 42, 4.2d, 'c', true, (byte) 1, (short) 2, 3L, 1.5f,
                new BigInteger("123456789012345678901234567890"), new BigDecimal("1.25"), new Date(0),
                UUID.randomUUID(), Instant.ofEpochMilli(5), Duration.ofSeconds(3), Color.GREEN);
        for (Object value : values) {
            assertEquals(value, roundTrip(value), value.getClass().getName());
        }
        List<Object> collections = List.of(new ArrayList<>(List.of(1, 2)), new LinkedList<>(List.of("a")),
                new HashMap<>(Map.of("k", 1)), new LinkedHashMap<>(Map.of("k", 2)), new TreeMap<>(Map.of("a", 1)),
                new HashSet<>(Set.of(1)), new LinkedHashSet<>(Set.of(2)), new TreeSet<>(Set.of("x", "y")),
                new Vector<>(List.of(1)), new Hashtable<>(Map.of(1, 2)),
                new CopyOnWriteArrayList<>(List.of(3)), List.of(1, 2, 3), Set.of("s"), Map.of("m", 1),
                Collections.unmodifiableList(new ArrayList<>(List.of(1))), Collections.singletonList(1),
                Collections.emptyMap(), Arrays.asList(1, 2), EnumSet.of(Color.RED, Color.BLUE),
                new EnumMap<>(Map.of(Color.RED, 1)));
        for (Object collection : collections) {
            assertEquals(collection, roundTrip(collection), collection.getClass().getName());
        }
        ArrayDeque<Integer> deque = roundTrip(new ArrayDeque<>(List.of(1, 2)));
        assertEquals(List.of(1, 2), new ArrayList<>(deque));
        PriorityQueue<Integer> queue = roundTrip(new PriorityQueue<>(List.of(3, 1, 2)));
        assertEquals(1, queue.peek());
        assertArrayEquals(new long[][] {{1, 2}, {3}}, roundTrip(new long[][] {{1, 2}, {3}}));
        assertArrayEquals(new String[] {"a", null}, roundTrip(new String[] {"a", null}));
        assertNull(roundTrip(null));
    }

    @Test
    void exceptionsKeepMessageCauseAndSuppressed() throws Exception {
        // A callee's exception (US.2.6 definite failures) comes back readable.
        IllegalStateException thrown = new IllegalStateException("outer", new IOException("inner"));
        thrown.addSuppressed(new UnsupportedOperationException("also"));
        IllegalStateException back = roundTrip(thrown);
        assertEquals("outer", back.getMessage());
        assertEquals("inner", back.getCause().getMessage());
        assertEquals("also", back.getSuppressed()[0].getMessage());
        assertArrayEquals(thrown.getStackTrace(), back.getStackTrace());
    }

    @Test
    void remoteEventWithMarshalledObjectHandback() throws Exception {
        // EV.2.3.2 / EV.2.5: source, event id, sequence number and the MarshalledObject handback survive.
        RemoteEvent event = new RemoteEvent("source-1", 7, 42, new MarshalledObject<>(List.of("handback", 1)));
        RemoteEvent back = roundTrip(event);
        assertEquals("source-1", back.getSource());
        assertEquals(7, back.getID());
        assertEquals(42, back.getSequenceNumber());
        assertEquals(event.getRegistrationObject(), back.getRegistrationObject());
        assertEquals(List.of("handback", 1), back.getRegistrationObject().get());
    }

    @Test
    void apiExceptionsRegistrationsAndIds() throws Exception {
        // LE.2.2, EV.2.3.3, EV.2.3.5: the spec's exceptions and value classes pass the default filter.
        assertEquals("gone", roundTrip(new UnknownLeaseException("gone")).getMessage());
        assertEquals("no", roundTrip(new LeaseDeniedException("no")).getMessage());
        assertEquals("who", roundTrip(new UnknownEventException("who")).getMessage());
        assertEquals(new ServiceID(1, 2), roundTrip(new ServiceID(1, 2)));
        FixedLease lease = new FixedLease(9, 1000);
        EventRegistration registration = roundTrip(new EventRegistration(3, "src", lease, 11));
        assertEquals(lease, registration.getLease());
        assertEquals(11, registration.getSequenceNumber());
        LeaseMapException failures = roundTrip(
                new LeaseMapException("some failed", Map.of(lease, new UnknownLeaseException("x"))));
        assertInstanceOf(UnknownLeaseException.class, failures.exceptionMap.get(lease));
    }

    /** The client's listener, exported on the loopback interface only. */
    static final class RecordingListener implements RemoteEventListener {
        final BlockingQueue<RemoteEvent> received = new ArrayBlockingQueue<>(4);

        @Override
        public void notify(RemoteEvent event) {
            received.add(event);
        }
    }

    record Loopback() implements RMIServerSocketFactory, RMIClientSocketFactory, java.io.Serializable {
        @Override
        public ServerSocket createServerSocket(int port) throws IOException {
            return new ServerSocket(port, 50, InetAddress.getLoopbackAddress());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return new Socket(InetAddress.getLoopbackAddress(), port);
        }
    }

    @Test
    void rmiStubOfAListenerSurvivesAndStillCallsBack() throws Exception {
        // EV.3.1 / EV.3.3: an agent or mailbox keeps a client's listener stub and calls it later.
        RecordingListener listener = new RecordingListener();
        Loopback loopback = new Loopback();
        RemoteEventListener stub =
                (RemoteEventListener) UnicastRemoteObject.exportObject(listener, 0, loopback, loopback);
        try {
            Marshaller stubs = marshaller; // the stub's socket factory is an org.estuary.** class here
            RemoteEventListener stored =
                    stubs.unmarshal(stubs.marshal(stub), RemoteEventListener.class); // store, restart, read
            Marshalled<RemoteEventListener> kept = stubs.marshalled(stub);
            assertEquals(stub, stored);
            stored.notify(new RemoteEvent("src", 1, 1, null));
            kept.get().notify(new RemoteEvent("src", 1, 2, null));
            assertEquals(1, listener.received.poll(5, TimeUnit.SECONDS).getSequenceNumber());
            assertEquals(2, listener.received.poll(5, TimeUnit.SECONDS).getSequenceNumber());
        } finally {
            UnicastRemoteObject.unexportObject(listener, true);
        }
    }

    @Test
    void plainObjectInputStreamReadsWhatTheMarshallerWrote() throws Exception {
        // Annotations are optional block data, so a plain JDK reader skips them.
        byte[] bytes = marshaller.marshal(new HashMap<>(Map.of("k", List.of(1))));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            assertEquals(Map.of("k", List.of(1)), in.readObject());
        }
    }

    @Test
    void refusesStreamsItDidNotWriteWithAClearMessage() throws Exception {
        // A plain JDK stream lacks the annotations; say so instead of failing obscurely.
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(plain)) {
            out.writeObject(new ArrayList<>(List.of(1)));
        }
        StreamCorruptedException e = assertThrows(StreamCorruptedException.class,
                () -> marshaller.unmarshal(plain.toByteArray(), Object.class));
        assertTrue(e.getMessage().contains("not written by a MarshalOutputStream"), e.getMessage());
        assertThrows(StreamCorruptedException.class, () -> marshaller.unmarshal(new byte[] {1, 2, 3, 4}, Object.class));
    }

    @Test
    void checksTheExpectedTypeAndArguments() throws Exception {
        // Wrong types from untrusted input are an InvalidObjectException, not a ClassCastException.
        byte[] text = marshaller.marshal("text");
        InvalidObjectException e = assertThrows(InvalidObjectException.class, () -> marshaller.unmarshal(text, Integer.class));
        assertTrue(e.getMessage().contains("java.lang.String"), e.getMessage());
        assertThrows(NullPointerException.class, () -> marshaller.unmarshal((byte[]) null, Object.class));
        assertThrows(NullPointerException.class, () -> marshaller.unmarshal(text, null));
        assertThrows(NullPointerException.class, () -> marshaller.unmarshal((Marshalled<?>) null));
        assertThrows(NullPointerException.class, () -> marshaller.newInputStream(null));
        assertThrows(NullPointerException.class, () -> marshaller.newInputStream(new ByteArrayInputStream(text), null));
        assertThrows(NullPointerException.class, () -> marshaller.newOutputStream(null));
        assertThrows(NullPointerException.class, () -> Marshallers.builder().classLoader(null));
        assertThrows(NullPointerException.class, () -> Marshallers.builder().bundleContext(null));
        assertThrows(NullPointerException.class, () -> Marshallers.builder().bundleLookup(null));
        assertThrows(NullPointerException.class, () -> Marshallers.builder().filter(null));
    }

    @Test
    void streamsCarryManyObjects() throws Exception {
        // A store record may hold several objects in one stream.
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (MarshalOutputStream out = marshaller.newOutputStream(bytes)) {
            out.writeObject("first");
            out.writeLong(5);
            out.writeObject(new FixedLease(1, 2));
        }
        try (MarshalInputStream in = marshaller.newInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            assertEquals("first", in.readObject());
            assertEquals(5, in.readLong());
            assertEquals(new FixedLease(1, 2), in.readObject());
            assertEquals(marshaller.filter(), in.filter());
        }
    }
}
