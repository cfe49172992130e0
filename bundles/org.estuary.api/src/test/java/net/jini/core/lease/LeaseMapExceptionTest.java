package net.jini.core.lease;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

class LeaseMapExceptionTest {

    /** Minimal serializable lease used as a map key. */
    static final class TestLease implements Lease, Serializable {
        private static final long serialVersionUID = 1L;
        final int id;

        TestLease(int id) {
            this.id = id;
        }

        @Override public long getExpiration() { return 0; }
        @Override public void cancel() { }
        @Override public void renew(long duration) { }
        @Override public void setSerialFormat(int format) { }
        @Override public int getSerialFormat() { return DURATION; }
        @Override public LeaseMap createLeaseMap(long duration) { return null; }
        @Override public boolean canBatch(Lease lease) { return false; }
        @Override public boolean equals(Object o) { return o instanceof TestLease t && t.id == id; }
        @Override public int hashCode() { return id; }
    }

    private static Object roundTrip(Object o) throws IOException, ClassNotFoundException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return in.readObject();
        }
    }

    // LE.2.2: the exception keeps the message and exposes the given map as the public field.
    @Test
    void holdsMessageAndMap() {
        Map<Lease, Throwable> map = new HashMap<>();
        map.put(new TestLease(1), new UnknownLeaseException());
        LeaseMapException e = new LeaseMapException("failed", map);
        assertInstanceOf(LeaseException.class, e);
        assertEquals("failed", e.getMessage());
        assertSame(map, e.exceptionMap);
    }

    // LE.2.2: an empty map is acceptable.
    @Test
    void acceptsEmptyMap() {
        assertEquals(0, new LeaseMapException(null, new HashMap<>()).exceptionMap.size());
    }

    // LE.2.2 (Jini 2.x API): a null map is rejected with NullPointerException.
    @Test
    void nullMapRejected() {
        assertThrows(NullPointerException.class, () -> new LeaseMapException("x", null));
    }

    // LE.2.2: keys must be Lease objects.
    @Test
    void nonLeaseKeyRejected() {
        Map<Object, Object> map = new HashMap<>();
        map.put("not a lease", new Exception());
        assertThrows(IllegalArgumentException.class, () -> new LeaseMapException("x", map));
    }

    // LE.2.2: values must be exceptions (Throwable).
    @Test
    void nonThrowableValueRejected() {
        Map<Object, Object> map = new HashMap<>();
        map.put(new TestLease(1), "not a throwable");
        assertThrows(IllegalArgumentException.class, () -> new LeaseMapException("x", map));
    }

    // LE.2.2: a null value is not an exception either.
    @Test
    void nullValueRejected() {
        Map<Object, Object> map = new HashMap<>();
        map.put(new TestLease(1), null);
        assertThrows(IllegalArgumentException.class, () -> new LeaseMapException("x", map));
    }

    // LE.2.4: the public map is the serialized field and survives a round trip.
    @Test
    void serializesMap() throws Exception {
        Map<Lease, Throwable> map = new HashMap<>();
        map.put(new TestLease(7), new LeaseDeniedException("denied"));
        LeaseMapException copy = (LeaseMapException) roundTrip(new LeaseMapException("m", map));
        assertEquals("m", copy.getMessage());
        assertEquals(1, copy.exceptionMap.size());
        Object value = copy.exceptionMap.get(new TestLease(7));
        assertInstanceOf(LeaseDeniedException.class, value);
        assertEquals("denied", ((Throwable) value).getMessage());
    }

    // LE.2.2: a stream whose map breaks the constructor checks is rejected on deserialization.
    @Test
    void deserializationChecksMap() {
        LeaseMapException nullMap = new LeaseMapException("m", new HashMap<>());
        nullMap.exceptionMap = null;
        assertThrows(InvalidObjectException.class, () -> roundTrip(nullMap));

        LeaseMapException badKey = new LeaseMapException("m", new HashMap<>());
        Map<Object, Object> bad = new HashMap<>();
        bad.put("key", new Exception());
        badKey.exceptionMap = bad;
        assertThrows(InvalidObjectException.class, () -> roundTrip(badKey));
    }
}
