package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.InvalidClassException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

/**
 * LR.2, LR.2.1: objects a service only keeps and hands back ({@code Marshalled}: a client's lease in
 * {@code getLeases} and in a failure event, a handback) are turned back into objects by the reader: inside an
 * Estuary scope with that scope's marshaller (the client's filter and classes), outside any as
 * {@code MarshalledObject.get()} reads (the stream's or the JVM's filter, the context class loader), never through a
 * fixed default allowlist. And the scopes themselves: entered and restored, found from a stream, taken over by a
 * later revision.
 */
class ReadScopeTest {

    private static final String PAYLOAD = "org.estuary.io.fixture.Payload";

    /** What RMI sends: the holder in a plain object stream. */
    private static byte[] sent(Object holder) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(holder);
        }
        return bytes.toByteArray();
    }

    private static Marshalled<?> arrive(byte[] bytes) throws Exception {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            return (Marshalled<?>) in.readObject();
        }
    }

    private static Object payload(ClassLoader loader) throws Exception {
        return loader.loadClass(PAYLOAD).getConstructor(String.class).newInstance("lease");
    }

    @Test
    void aMarshalledArrivingInAScopeIsReadWithTheScopesFilterAndClasses() throws Exception {
        // LR.2: a client's own lease class, kept by the service and handed back by getLeases
        ClassLoader clientClasses = new FakeBundles.BundleLoader("client", Set.of("Payload"));
        Marshaller service = Marshallers.builder().classLoader(clientClasses).build();
        byte[] reply = sent(service.marshalled(payload(clientClasses)));
        Marshaller client = Marshallers.builder().classLoader(clientClasses).build();
        Marshalled<?> lease;
        try (ReadScope.Entered in = ReadScope.forReplies(client, null).enter()) {
            lease = arrive(reply);
        }
        assertSame(clientClasses, lease.get().getClass().getClassLoader()); // read after the call, as a client does

        List<String> withoutFixtures = new ArrayList<>(SerialFilter.DEFAULT_ALLOWLIST);
        withoutFixtures.remove("org.estuary.**");
        Marshaller strict = Marshallers.builder().classLoader(clientClasses)
                .filter(SerialFilter.builder().allow(withoutFixtures).allow("org.estuary.io.Marshalled").build())
                .build();
        try (ReadScope.Entered in = ReadScope.forReplies(strict, null).enter()) {
            lease = arrive(reply);
        }
        SerialFilterException refused = assertThrows(SerialFilterException.class, lease::get);
        assertEquals(PAYLOAD, refused.className()); // the client's own filter decided
    }

    @Test
    void aClientsWiderFilterReadsWhatTheDefaultAllowlistWouldRefuse() throws Exception {
        // LR.2: the client's configured filter, not a fixed default, decides its leases
        byte[] reply = sent(Marshallers.defaults().marshalled(new ConcurrentHashMap<>(Map.of("k", 1))));
        Marshaller wide = Marshallers.builder()
                .filter(SerialFilter.defaults().toBuilder().allow("java.util.concurrent.**").build()).build();
        Marshalled<?> held;
        try (ReadScope.Entered in = ReadScope.forReplies(wide, null).enter()) {
            held = arrive(reply);
        }
        assertEquals(Map.of("k", 1), held.get());
    }

    @Test
    void outsideAnyScopeItReadsAsMarshalledObjectGetDoes() throws Exception {
        // LR.2.1: a listener exported with plain RMI by a plain Java client
        ClassLoader clientClasses = new FakeBundles.BundleLoader("client", Set.of("Payload"));
        Marshaller service = Marshallers.builder().classLoader(clientClasses).build();
        Marshalled<?> lease = arrive(sent(service.marshalled(payload(clientClasses))));
        Thread thread = Thread.currentThread();
        ClassLoader saved = thread.getContextClassLoader();
        thread.setContextClassLoader(clientClasses);
        try {
            assertSame(clientClasses, lease.get().getClass().getClassLoader()); // the context class loader
        } finally {
            thread.setContextClassLoader(saved);
        }
        // no fixed default allowlist: a class outside it reads, as MarshalledObject.get() reads it
        byte[] map = sent(Marshallers.defaults().marshalled(new ConcurrentHashMap<>(Map.of("k", 1))));
        assertEquals(Map.of("k", 1), arrive(map).get());
        // the filter of the stream it arrived in applies, as the JDK hands it on to a MarshalledObject
        Marshalled<?> filtered;
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(map))) {
            in.setObjectInputFilter(ObjectInputFilter.Config.createFilter("!java.util.concurrent.**"));
            filtered = (Marshalled<?>) in.readObject();
        }
        assertThrows(InvalidClassException.class, filtered::get);
    }

    @Test
    void aStreamWithAScopeAsItsFilterReadsInThatScope() throws Exception {
        // an export's calls: the scope is the stream's filter; no thread enters it
        ReadScope export = ReadScope.forCalls(Marshallers.defaults(), "keys");
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(sent("x")))) {
            in.setObjectInputFilter(export);
            assertSame(export, ReadScope.of(in));
        }
        assertEquals("keys", export.transport(String.class));
        assertNull(export.transport(Integer.class));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(sent("x")))) {
            assertNull(ReadScope.of(in), "a stream outside any scope");
        }
    }

    @Test
    void aCallsScopeRefusesWithAReasonTheCallerCanRead() throws Exception {
        // RMI returns the InvalidClassException and its cause to the caller: both classes every client has
        ReadScope export = ReadScope.forCalls(Marshallers.defaults(), null);
        byte[] tooDeep = Marshallers.defaults().marshal(org.estuary.io.testing.HashBombs.nestedSets(12));
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(tooDeep))) {
            in.setObjectInputFilter(export);
            InvalidClassException refused = assertThrows(InvalidClassException.class, in::readObject);
            SecurityException reason = assertInstanceOf(SecurityException.class, refused.getCause());
            assertTrue(reason.getMessage().contains("maxHashDepth=10"), reason.getMessage());
        }
    }

    @Test
    void enteringAndLeavingRestoresTheScopeBefore() {
        ReadScope outer = ReadScope.forReplies(Marshallers.defaults(), null);
        ReadScope inner = ReadScope.forReplies(Marshallers.defaults(), null);
        assertNull(ReadScope.current());
        try (ReadScope.Entered a = outer.enter()) {
            try (ReadScope.Entered b = inner.enter()) {
                assertSame(inner, ReadScope.current());
            }
            assertSame(outer, ReadScope.current());
        }
        assertNull(ReadScope.current());
    }

    @Test
    void aCallsArgumentsArriveOnlyForItsTargetThroughItsFilterWhileItIsMarked() {
        Marshaller marshaller = Marshallers.defaults();
        ReadScope calls = ReadScope.forCalls(marshaller, null);
        Object target = new Object();
        Object argument = new Object();
        Object other = new Object();
        SerialFilter filter = marshaller.filter();
        assertFalse(ReadScope.arrived(argument, target, filter), "nothing marked");
        try (ReadScope.Received call = calls.received(target, new Object[] {argument, null})) {
            assertTrue(ReadScope.arrived(argument, target, filter));
            assertFalse(ReadScope.arrived(other, target, filter), "not an argument of the call");
            assertFalse(ReadScope.arrived(null, target, filter));
            assertFalse(ReadScope.arrived(argument, new Object(), filter), "the call invokes another object");
            assertFalse(ReadScope.arrived(argument, target, SerialFilter.builder().build()),
                    "read through another allowlist");
            try (ReadScope.Received nested = calls.received(other, new Object[] {other})) {
                assertFalse(ReadScope.arrived(argument, target, filter), "the call now in progress is another");
                assertTrue(ReadScope.arrived(other, other, filter));
            }
            assertTrue(ReadScope.arrived(argument, target, filter), "the outer call's mark restored");
        }
        assertFalse(ReadScope.arrived(argument, target, filter), "the mark closed with the invocation");
        assertThrows(IllegalStateException.class, () -> ReadScope.forReplies(marshaller, null)
                .received(target, new Object[] {argument}), "a reply is not a call");
    }

    @Test
    void aCallForwardedWithItsOwnArgumentsArrivesForWhereItIsForwardedToo() {
        Marshaller marshaller = Marshallers.defaults();
        SerialFilter filter = marshaller.filter();
        Object guard = new Object();
        Object backend = new Object();
        Object argument = new Object();
        assertNull(ReadScope.forwarded(guard, backend, new Object[] {argument}), "no call marked");
        Long id = 100_000L;
        Long boxedAgain = Long.valueOf(id.longValue()); // what a dynamic proxy hands its handler for a long
        try (ReadScope.Received call = ReadScope.forCalls(marshaller, null).received(guard,
                new Object[] {id, argument})) {
            assertNull(ReadScope.forwarded(new Object(), backend, new Object[] {id, argument}),
                    "not the call's target");
            assertNull(ReadScope.forwarded(guard, backend, new Object[] {id, new Object()}), "other arguments");
            assertNull(ReadScope.forwarded(guard, backend, new Object[] {100_001L, argument}), "another value");
            try (ReadScope.Received forwarded = ReadScope.forwarded(guard, backend,
                    new Object[] {boxedAgain, argument})) {
                assertTrue(ReadScope.arrived(argument, backend, filter));
            }
            assertFalse(ReadScope.arrived(argument, backend, filter), "only while forwarded");
            assertTrue(ReadScope.arrived(argument, guard, filter));
        }
    }

    @Test
    void aLaterRevisionsScopesApplyThroughWhatTheFirstInstalled() throws Exception {
        // bundle:update: the JDK takes a filter factory once per JVM; the new revision hands its scopes over
        ReadScope.forReplies(Marshallers.defaults(), null); // this revision has installed its part
        byte[] list = sent(new ArrayList<>(List.of("x")));
        URL library = Marshaller.class.getProtectionDomain().getCodeSource().getLocation();
        URL tests = LaterRevisionProbe.class.getProtectionDomain().getCodeSource().getLocation();
        try (URLClassLoader later = new URLClassLoader(new URL[] {library, tests}, getClass().getClassLoader()) {
            @Override
            protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
                if (!name.startsWith("org.estuary.io.")) {
                    return super.loadClass(name, resolve);
                }
                synchronized (getClassLoadingLock(name)) {
                    Class<?> loaded = findLoadedClass(name);
                    return loaded != null ? loaded : findClass(name); // its own copy, as a new revision has
                }
            }
        }) {
            Class<?> probe = later.loadClass(LaterRevisionProbe.class.getName());
            assertEquals("refused ok:ArrayList", probe.getMethod("read", byte[].class).invoke(null, list));
        } finally {
            handBack();
        }
        try (ReadScope.Entered in = ReadScope.forReplies(Marshallers.builder()
                .filter(SerialFilter.builder().allow("java.lang.String").build()).build(), null).enter()) {
            assertThrows(InvalidClassException.class, () -> arrive(list)); // this revision's scopes apply again
        }
    }

    /** Gives the scopes back to this revision, through the same java.* handover a later revision uses. */
    @SuppressWarnings("unchecked")
    private static void handBack() {
        Supplier<ObjectInputFilter> mine = ReadScope::current;
        Object factory = ObjectInputFilter.Config.getSerialFilterFactory();
        Object jvmWide = ObjectInputFilter.Config.getSerialFilter();
        Object installed = factory.getClass().getName().startsWith(ScopedFilters.class.getName()) ? factory : jvmWide;
        ((Consumer<Supplier<ObjectInputFilter>>) assertInstanceOf(Consumer.class, installed)).accept(mine);
    }
}
