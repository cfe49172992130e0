package org.estuary.io;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ObjectInputFilter;
import java.io.ObjectInputFilter.Status;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;

import org.estuary.io.SerialFilterException.Violation;
import org.junit.jupiter.api.Test;

import evil.gadget.Backdoor;
import evil.gadget.EvilComparator;
import net.jini.core.event.RemoteEventListener;

/** The allowlist and limits as a JEP 290 filter, without streams. */
class SerialFilterTest {

    private static ObjectInputFilter.FilterInfo info(Class<?> type, long arrayLength, long depth, long refs,
            long bytes) {
        return new ObjectInputFilter.FilterInfo() {
            @Override
            public Class<?> serialClass() {
                return type;
            }

            @Override
            public long arrayLength() {
                return arrayLength;
            }

            @Override
            public long depth() {
                return depth;
            }

            @Override
            public long references() {
                return refs;
            }

            @Override
            public long streamBytes() {
                return bytes;
            }
        };
    }

    private static ObjectInputFilter.FilterInfo info(Class<?> type) {
        return info(type, -1, 1, 1, 10);
    }

    @Test
    void matchesExactPackageSubpackageAndPrefixPatterns() {
        // The allowlist takes packages, prefixes and exact names.
        SerialFilter filter = SerialFilter.builder().allow("a.b.Exact", "c.d.*", "e.f.**", "g.h.Pre*").build();
        assertDoesNotThrow(() -> filter.checkClassName("a.b.Exact"));
        assertThrows(SerialFilterException.class, () -> filter.checkClassName("a.b.Exactly"));
        assertDoesNotThrow(() -> filter.checkClassName("c.d.Any"));
        assertDoesNotThrow(() -> filter.checkClassName("c.d.Any$Inner"));
        assertThrows(SerialFilterException.class, () -> filter.checkClassName("c.d.sub.Any"));
        assertDoesNotThrow(() -> filter.checkClassName("e.f.Any"));
        assertDoesNotThrow(() -> filter.checkClassName("e.f.sub.deeper.Any"));
        assertThrows(SerialFilterException.class, () -> filter.checkClassName("e.fx.Any"));
        assertDoesNotThrow(() -> filter.checkClassName("g.h.Prefixed"));
        assertThrows(SerialFilterException.class, () -> filter.checkClassName("g.h.Other"));
    }

    @Test
    void rejectingPatternsWinWhateverTheirPosition() {
        // An added allow pattern must not undo an explicit rejection.
        SerialFilter filter = SerialFilter.builder().allow("x.**", "!x.bad.*").allow("x.bad.Thing").build();
        SerialFilterException e = assertThrows(SerialFilterException.class, () -> filter.checkClassName("x.bad.Thing"));
        assertEquals(Violation.REJECTED_BY_PATTERN, e.violation());
        assertTrue(e.getMessage().contains("x.bad.Thing") && e.getMessage().contains("'!x.bad.*'"), e.getMessage());
        assertDoesNotThrow(() -> filter.checkClassName("x.good.Thing"));
    }

    @Test
    void judgesArraysByElementAndPassesPrimitives() {
        // An array of a refused class is refused; arrays of primitives pass.
        SerialFilter filter = SerialFilter.defaults();
        assertDoesNotThrow(() -> filter.checkClassName("[[I"));
        assertDoesNotThrow(() -> filter.checkClassName("int"));
        assertDoesNotThrow(() -> filter.checkClassName("[Ljava.lang.String;"));
        SerialFilterException e = assertThrows(SerialFilterException.class,
                () -> filter.checkClassName("[[Levil.gadget.EvilComparator;"));
        assertEquals("evil.gadget.EvilComparator", e.className());
        assertEquals(Status.REJECTED, filter.checkInput(info(EvilComparator[].class, 1, 1, 1, 1)));
        assertEquals(Status.ALLOWED, filter.checkInput(info(long[].class, 10, 1, 1, 1)));
    }

    @Test
    void judgesProxyClassesByTheirInterfaces() {
        // RMI stubs are dynamic proxies; their interfaces decide.
        Class<?> listener = Proxy.getProxyClass(getClass().getClassLoader(), RemoteEventListener.class);
        Class<?> backdoor = Proxy.getProxyClass(getClass().getClassLoader(), Backdoor.class);
        SerialFilter filter = SerialFilter.defaults();
        assertEquals(Status.ALLOWED, filter.checkInput(info(listener)));
        assertEquals(Status.REJECTED, filter.checkInput(info(backdoor)));
        assertEquals("evil.gadget.Backdoor", filter.rejection(info(backdoor)).className());
    }

    @Test
    void enforcesEachLimitAndNamesIt() {
        // Depth, array length, reference and byte limits.
        SerialFilter filter = SerialFilter.builder().allow("java.lang.*").maxDepth(5).maxArrayLength(10)
                .maxReferences(100).maxBytes(1000).build();
        assertEquals(Status.UNDECIDED, filter.checkInput(info(null, -1, 5, 100, 1000)));
        assertEquals(Status.ALLOWED, filter.checkInput(info(String.class, -1, 5, 100, 1000)));
        assertRejected(filter, info(null, -1, 6, 1, 1), Violation.DEPTH, "maxDepth=5");
        assertRejected(filter, info(int[].class, 11, 1, 1, 1), Violation.ARRAY_LENGTH, "maxArrayLength=10");
        assertRejected(filter, info(null, -1, 1, 101, 1), Violation.REFERENCES, "maxReferences=100");
        assertRejected(filter, info(null, -1, 1, 1, 1001), Violation.BYTES, "maxBytes=1000");
        assertRejected(filter, info(List.class), Violation.NOT_ALLOWED, "java.util.List");
    }

    private static void assertRejected(SerialFilter filter, ObjectInputFilter.FilterInfo info, Violation violation,
            String named) {
        assertEquals(Status.REJECTED, filter.checkInput(info));
        SerialFilterException e = filter.rejection(info);
        assertEquals(violation, e.violation());
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }

    @Test
    void defaultAllowlistCoversWhatServicesExchangeAndNothingDangerous() {
        // The defaults accept the spec types, RMI stubs and JDK values, refuse known gadgets.
        SerialFilter filter = SerialFilter.defaults();
        for (String allowed : List.of("java.lang.Integer", "java.util.HashMap", "java.util.Collections$EmptyList",
                "java.rmi.MarshalledObject", "java.rmi.server.RemoteObjectInvocationHandler",
                "java.lang.reflect.Proxy", "net.jini.core.event.RemoteEvent", "net.jini.core.lookup.ServiceID",
                "org.estuary.io.Marshalled")) {
            assertDoesNotThrow(() -> filter.checkClassName(allowed), allowed);
        }
        for (String refused : List.of("java.rmi.server.UnicastRemoteObject", "java.net.URL",
                "java.lang.invoke.SerializedLambda", "java.lang.String$CaseInsensitiveComparator",
                "org.apache.commons.collections4.comparators.TransformingComparator",
                "com.sun.org.apache.xalan.internal.xsltc.trax.TemplatesImpl", "javax.management.BadAttributeValueExpException")) {
            assertThrows(SerialFilterException.class, () -> filter.checkClassName(refused), refused);
        }
        assertEquals(SerialFilter.DEFAULT_MAX_DEPTH, filter.maxDepth());
        assertEquals(SerialFilter.DEFAULT_ALLOWLIST, filter.patterns());
    }

    @Test
    void refusesMalformedPatternsAndLimits() {
        // Configuration errors fail at once, naming the pattern or limit.
        SerialFilter.Builder builder = SerialFilter.builder();
        assertThrows(NullPointerException.class, () -> builder.allow((String) null));
        assertThrows(NullPointerException.class, () -> builder.allow((List<String>) null));
        List<String> withNull = new ArrayList<>();
        withNull.add(null);
        assertThrows(NullPointerException.class, () -> builder.allow(withNull));
        for (String bad : List.of("", "  ", "!", "java.base/java.lang.*", "a.*.b", "**", "a b", "a;b", "[I", "a.b**")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder.allow(bad), bad);
            assertTrue(e.getMessage().contains(bad.trim()), e.getMessage());
        }
        assertThrows(IllegalArgumentException.class, () -> builder.maxDepth(0));
        assertThrows(IllegalArgumentException.class, () -> builder.maxArrayLength(-1));
        assertThrows(IllegalArgumentException.class, () -> builder.maxReferences(Long.MIN_VALUE));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> builder.maxBytes(0));
        assertTrue(e.getMessage().contains("maxBytes"), e.getMessage());
        assertTrue(builder.build().patterns().isEmpty(), "a failed allow adds nothing");
        assertThrows(NullPointerException.class, () -> SerialFilter.defaults().checkClassName(null));
    }

    @Test
    void emptyAllowlistRefusesEveryClass() {
        // An allowlist, not a blocklist: nothing passes unless allowed.
        SerialFilter nothing = SerialFilter.builder().build();
        assertThrows(SerialFilterException.class, () -> nothing.checkClassName("java.lang.String"));
        assertDoesNotThrow(() -> nothing.checkClassName("[B"));
    }

    @Test
    void derivesAFilterAndPrintsJepSyntax() {
        // toString is what operators see in the log; toBuilder widens a filter.
        SerialFilter base = SerialFilter.builder().allow("a.*", "!a.Bad").maxDepth(3).maxHashDepth(2).build();
        SerialFilter wider = base.toBuilder().allow("b.*").build();
        assertDoesNotThrow(() -> wider.checkClassName("b.X"));
        assertThrows(SerialFilterException.class, () -> base.checkClassName("b.X"));
        assertEquals(3, wider.maxDepth());
        assertEquals(2, wider.maxHashDepth());
        assertEquals("maxdepth=3;maxarray=1000000;maxrefs=1000000;maxbytes=16777216;!a.Bad;a.*;!*, maxHashDepth=2, "
                + "maxHashCapacity=1024, maxArrayMemory=524288", base.toString());
        assertNull(base.rejection(info(null, -1, 3, 1, 1)));
    }
}
