package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.lang.reflect.Proxy;
import java.nio.ByteBuffer;
import java.rmi.MarshalledObject;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

import org.estuary.io.SerialFilterException.Violation;
import org.estuary.io.fixture.FixedAnswer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import evil.gadget.Backdoor;
import evil.gadget.EvilComparator;
import net.jini.core.event.RemoteEvent;

/** Input a service did not write itself, built the way an attacker would. */
class HostilePayloadTest {

    /** Writes anything (writing is never filtered); the attacker's side. */
    private final Marshaller attacker = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    /** The service's side: the default filter. */
    private final Marshaller service = Marshallers.builder().classLoader(getClass().getClassLoader()).build();

    @BeforeEach
    void resetGadget() {
        EvilComparator.CALLS.set(0);
    }

    private static PriorityQueue<Object> gadgetQueue() {
        PriorityQueue<Object> queue = new PriorityQueue<>(2, new EvilComparator());
        queue.add("a");
        queue.add("b");
        return queue;
    }

    @Test
    void gadgetChainIsLiveWithoutAFilter() throws Exception {
        // Control experiment: the payload below does run code when read unfiltered.
        byte[] payload = attacker.marshal(gadgetQueue());
        EvilComparator.CALLS.set(0);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(payload))) {
            in.readObject();
        }
        assertTrue(EvilComparator.CALLS.get() > 0, "PriorityQueue.readObject calls the comparator");
    }

    @Test
    void priorityQueueGadgetIsRefusedNamingTheComparator() throws Exception {
        // A PriorityQueue whose comparator is outside the allowlist never reaches compare.
        byte[] payload = attacker.marshal(gadgetQueue());
        EvilComparator.CALLS.set(0);
        SerialFilterException e =
                assertThrows(SerialFilterException.class, () -> service.unmarshal(payload, Object.class));
        assertEquals(Violation.NOT_ALLOWED, e.violation());
        assertEquals("evil.gadget.EvilComparator", e.className());
        assertTrue(e.getMessage().startsWith("evil.gadget.EvilComparator; rejected by the serial filter"),
                e.getMessage());
        assertTrue(e.getMessage().contains("allowlist"), e.getMessage());
        assertEquals(0, EvilComparator.CALLS.get());
    }

    @Test
    void refusedOnTheDirectStreamPathToo() throws Exception {
        // readObject on a MarshalInputStream throws the clear exception itself.
        byte[] payload = attacker.marshal(gadgetQueue());
        EvilComparator.CALLS.set(0);
        try (MarshalInputStream in = service.newInputStream(new ByteArrayInputStream(payload))) {
            SerialFilterException e = assertThrows(SerialFilterException.class, in::readObject);
            assertEquals("evil.gadget.EvilComparator", e.className());
        }
        assertEquals(0, EvilComparator.CALLS.get());
    }

    @Test
    void serialFilterAloneGuardsAPlainJdkStream() throws Exception {
        // As a JEP 290 ObjectInputFilter the filter protects any stream (RMI exports too).
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(gadgetQueue());
        }
        EvilComparator.CALLS.set(0);
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            in.setObjectInputFilter(SerialFilter.defaults());
            assertThrows(InvalidClassException.class, in::readObject);
        }
        assertEquals(0, EvilComparator.CALLS.get());
    }

    @Test
    void hugeArrayLengthIsRefusedBeforeAllocation() throws Exception {
        // A few bytes claiming a 2^31 element array must not allocate 16 GiB.
        byte[] payload = attacker.marshal(new long[4]);
        ByteBuffer.wrap(payload).putInt(payload.length - 4 * Long.BYTES - Integer.BYTES, Integer.MAX_VALUE);
        SerialFilterException e =
                assertThrows(SerialFilterException.class, () -> service.unmarshal(payload, Object.class));
        assertEquals(Violation.ARRAY_LENGTH, e.violation());
        assertEquals("[J", e.className());
        assertTrue(e.getMessage().contains("2147483647") && e.getMessage().contains("maxArrayLength=1000000"),
                e.getMessage());
    }

    @Test
    void limitOnTheDirectStreamPathIsInTheCauseChain() throws Exception {
        // ObjectInputStream reports limits as "filter status: REJECTED"; the cause names them.
        byte[] payload = attacker.marshal(new long[4]);
        ByteBuffer.wrap(payload).putInt(payload.length - 4 * Long.BYTES - Integer.BYTES, Integer.MAX_VALUE);
        try (MarshalInputStream in = service.newInputStream(new ByteArrayInputStream(payload))) {
            InvalidClassException e = assertThrows(InvalidClassException.class, in::readObject);
            SerialFilterException cause = findCause(e);
            assertNotNull(cause, "cause chain of " + e);
            assertEquals(Violation.ARRAY_LENGTH, cause.violation());
        }
    }

    private static SerialFilterException findCause(Throwable thrown) {
        for (Throwable t = thrown; t != null; t = t.getCause()) {
            if (t instanceof SerialFilterException rejection) {
                return rejection;
            }
        }
        return null;
    }

    @Test
    void deepNestingIsRefused() throws Exception {
        // Depth limit (a stack overflow is the other outcome of deep enough nesting).
        List<Object> outer = new ArrayList<>();
        List<Object> current = outer;
        for (int i = 0; i < 100; i++) {
            List<Object> inner = new ArrayList<>();
            current.add(inner);
            current = inner;
        }
        byte[] payload = attacker.marshal(outer);
        SerialFilterException e =
                assertThrows(SerialFilterException.class, () -> service.unmarshal(payload, Object.class));
        assertEquals(Violation.DEPTH, e.violation());
        assertTrue(e.getMessage().contains("maxDepth=64"), e.getMessage());
        Marshaller deeper = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().maxDepth(500).build()).build();
        assertEquals(outer, deeper.unmarshal(payload, Object.class));
    }

    @Test
    void tooManyReferencesAreRefused() throws Exception {
        // Reference limit.
        List<Integer> many = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) {
            many.add(1_000 + i);
        }
        byte[] payload = attacker.marshal(many);
        Marshaller strict = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().maxReferences(1_000).build()).build();
        SerialFilterException e =
                assertThrows(SerialFilterException.class, () -> strict.unmarshal(payload, Object.class));
        assertEquals(Violation.REFERENCES, e.violation());
        assertTrue(e.getMessage().contains("maxReferences=1000"), e.getMessage());
        assertEquals(many, service.unmarshal(payload, Object.class));
    }

    @Test
    void tooManyBytesAreRefusedEvenInsideOneString() throws Exception {
        // Byte limit, enforced on the bytes read, not only when the JDK meets a new object.
        byte[] payload = attacker.marshal("x".repeat(100_000));
        Marshaller strict = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().maxBytes(10_000).build()).build();
        try (MarshalInputStream in = strict.newInputStream(new ByteArrayInputStream(payload))) {
            SerialFilterException e = assertThrows(SerialFilterException.class, in::readObject);
            assertEquals(Violation.BYTES, e.violation());
            assertTrue(e.getMessage().contains("maxBytes=10000"), e.getMessage());
        }
    }

    @Test
    void proxyWithARefusedInterfaceIsRefusedByName() throws Exception {
        // Dynamic proxies are judged by their interfaces before any is loaded.
        Object backdoor = Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {Backdoor.class},
                new FixedAnswer("x"));
        byte[] payload = attacker.marshal(backdoor);
        SerialFilterException e =
                assertThrows(SerialFilterException.class, () -> service.unmarshal(payload, Object.class));
        assertEquals("evil.gadget.Backdoor", e.className());
    }

    @Test
    void hostileHandbackInsideAnEventIsRefusedWhenUnwrapped() throws Exception {
        // EV.2.3.2: the handback is a MarshalledObject; the JDK hands the stream's filter on to its get().
        RemoteEvent event = new RemoteEvent("src", 1, 1, new MarshalledObject<>(gadgetQueue()));
        byte[] payload = attacker.marshal(event);
        EvilComparator.CALLS.set(0);
        RemoteEvent read = service.unmarshal(payload, RemoteEvent.class); // the handback stays opaque
        InvalidClassException e = assertThrows(InvalidClassException.class, () -> read.getRegistrationObject().get());
        SerialFilterException cause = findCause(e);
        assertNotNull(cause, "cause chain of " + e);
        assertEquals("evil.gadget.EvilComparator", cause.className());
        assertEquals(0, EvilComparator.CALLS.get());
    }

    @Test
    void hostileObjectInsideMarshalledIsRefusedOnGet() throws Exception {
        // LR.2 / LD.4.1.1: a kept client object is read lazily, through the filter of the stream it came with.
        Marshalled<Object> kept = attacker.marshalled(gadgetQueue());
        byte[] stored = attacker.marshal(kept);
        Marshalled<?> read = service.unmarshal(stored, Marshalled.class); // only bytes: passes
        EvilComparator.CALLS.set(0);
        SerialFilterException e = assertThrows(SerialFilterException.class, read::get);
        assertEquals("evil.gadget.EvilComparator", e.className());
        assertInstanceOf(InvalidClassException.class, e);
        assertEquals(0, EvilComparator.CALLS.get());
    }

    @Test
    void rejectingPatternOverridesTheDefaults() throws Exception {
        // An operator can cut a class out of an allowed package.
        Marshaller strict = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(SerialFilter.defaults().toBuilder().allow("!java.util.PriorityQueue").build()).build();
        SerialFilterException e = assertThrows(SerialFilterException.class,
                () -> strict.unmarshal(attacker.marshal(new PriorityQueue<>(List.of(1))), Object.class));
        assertEquals(Violation.REJECTED_BY_PATTERN, e.violation());
        assertTrue(e.getMessage().contains("'!java.util.PriorityQueue'"), e.getMessage());
    }
}
