package org.estuary.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.io.Serializable;
import java.rmi.Remote;
import java.util.UUID;

import org.junit.jupiter.api.Test;

/**
 * A service's own proxies are equal exactly when they denote the same service (LR.2, EM.2, TX.2, LD.4). Proxies of a
 * service's objects are equal exactly when they are of one kind and denote the same object of the same
 * service (LR.2, EM.4, LD.4.1.1: a set, a registration, compared by identity, not by what else the proxy carries),
 * survive serialization with that identity, and a stream without the service id or the backend makes no proxy.
 */
class ServiceObjectProxyTest {

    interface Backend extends Remote {
    }

    /** A backend reference that travels by value, as a {@code BackendRef}'s view does. */
    static final class SerializableBackend implements Backend, Serializable {
        private static final long serialVersionUID = 1L;
    }

    static final class SetLike extends ServiceObjectProxy<Backend> {
        private static final long serialVersionUID = 1L;
        /** What a proxy carries besides its identity (a lease as of when it was made): not part of equality. */
        final String extra;

        SetLike(UUID serviceId, long id, Backend backend, String extra) {
            super(serviceId, id, backend);
            this.extra = extra;
        }

        @Override
        protected String kind() {
            return "SetLike";
        }
    }

    static final class ListenerLike extends ServiceObjectProxy<Backend> {
        private static final long serialVersionUID = 1L;

        ListenerLike(UUID serviceId, long id, Backend backend) {
            super(serviceId, id, backend);
        }

        @Override
        protected String kind() {
            return "ListenerLike";
        }
    }

    static final class ServiceLike extends ServiceBoundProxy<Backend> {
        private static final long serialVersionUID = 1L;

        ServiceLike(UUID serviceId, Backend backend) {
            super(serviceId, backend);
        }

        @Override
        protected String kind() {
            return "ServiceLike";
        }
    }

    private final UUID service = UUID.randomUUID();

    @Test
    void aServicesOwnProxiesAreEqualExactlyForTheSameService() throws Exception {
        ServiceLike a = new ServiceLike(service, new SerializableBackend());
        assertEquals(a, new ServiceLike(service, new SerializableBackend()), "another backend reference");
        assertEquals(a.hashCode(), new ServiceLike(service, new SerializableBackend()).hashCode());
        assertNotEquals(a, new ServiceLike(UUID.randomUUID(), new SerializableBackend()), "another service");
        assertNotEquals(a, new ListenerLike(service, 0, new SerializableBackend()), "an object of that service");
        assertNotEquals(new ListenerLike(service, 0, new SerializableBackend()), a);
        assertEquals("ServiceLike[" + service + "]", a.toString());
        assertEquals(a, new ObjectInputStream(new ByteArrayInputStream(bytes(a, false))).readObject());
        assertThrows(InvalidObjectException.class,
                () -> new ObjectInputStream(new ByteArrayInputStream(bytes(a, true))).readObject());
    }

    @Test
    void equalExactlyForTheSameObjectOfTheSameServiceAndKind() {
        SetLike a = new SetLike(service, 7, new SerializableBackend(), "lease as of t1");
        SetLike b = new SetLike(service, 7, new SerializableBackend(), "lease as of t2");
        assertEquals(a, b, "another backend reference and another lease: the same set");
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, new SetLike(service, 8, new SerializableBackend(), "lease as of t1"), "another set");
        assertNotEquals(a, new SetLike(UUID.randomUUID(), 7, new SerializableBackend(), "lease as of t1"),
                "the same id in another service");
        assertNotEquals(a, new ListenerLike(service, 7, new SerializableBackend()), "another kind of object");
        assertNotEquals(a, null);
    }

    @Test
    void showsTheIdsAsTheShellTakesThem() {
        assertEquals("SetLike[" + service + ", 18446744073709551615]",
                new SetLike(service, -1L, new SerializableBackend(), "").toString());
    }

    @Test
    void serializationKeepsTheIdentity() throws Exception {
        SetLike a = new SetLike(service, 42, new SerializableBackend(), "lease");
        Object back = new ObjectInputStream(new ByteArrayInputStream(bytes(a, false))).readObject();
        assertEquals(a, back);
        assertEquals(service, ((SetLike) back).serviceId());
    }

    @Test
    void aStreamWithoutTheServiceIdMakesNoProxy() throws Exception {
        byte[] withoutId = bytes(new SetLike(service, 42, new SerializableBackend(), "lease"), true);
        InvalidObjectException refused = assertThrows(InvalidObjectException.class,
                () -> new ObjectInputStream(new ByteArrayInputStream(withoutId)).readObject());
        assertTrue(refused.getMessage().contains(SetLike.class.getName()), refused.getMessage());
    }

    @Test
    void nullIdentityIsRefusedAtOnce() {
        assertThrows(NullPointerException.class, () -> new ListenerLike(null, 1, new SerializableBackend()));
        assertThrows(NullPointerException.class, () -> new ListenerLike(service, 1, null));
    }

    /** The proxy's serialized form; {@code dropIds}: every UUID in it written as null (a forged stream). */
    private static byte[] bytes(Object proxy, boolean dropIds) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (ObjectOutputStream stream = new Forging(out, dropIds)) {
            stream.writeObject(proxy);
        }
        return out.toByteArray();
    }

    private static final class Forging extends ObjectOutputStream {
        private final boolean dropIds;

        Forging(OutputStream out, boolean dropIds) throws IOException {
            super(out);
            this.dropIds = dropIds;
            enableReplaceObject(dropIds);
        }

        @Override
        protected Object replaceObject(Object obj) {
            return dropIds && obj instanceof UUID ? null : obj;
        }
    }
}
