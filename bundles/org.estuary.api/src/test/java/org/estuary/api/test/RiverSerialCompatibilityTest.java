package org.estuary.api.test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * Serial compatibility of every serializable public class of the API bundle with Apache River 2.2.3, the
 * reference implementation of the published Jini 2.x API (the serialized-form tables of the specifications, e.g.
 * LE.2.9, EV.2.5, and the published forms of the lookup and discovery types, are normative; River implements them).
 *
 * <p>The classes are found by scanning the compiled main classes ({@link ApiPackages}), so a new class is checked
 * without editing this test; it then needs a sample in {@link SerialSamples}. For each class:
 * <ul>
 * <li>descriptor: serialVersionUID, serial field names and types, and serializable superclasses equal River's;</li>
 * <li>sample: Estuary's and River's instances, each after a round trip in its own world, hold the same serial
 * state, with no serial field left at its default value;</li>
 * <li>Estuary to River: Estuary's bytes read by River's classes give what River's own round trip gives, and
 * River's re-serialization of that object reads back into Estuary's classes intact;</li>
 * <li>River to Estuary: River's bytes read by Estuary's classes give what Estuary's own round trip gives.</li>
 * </ul>
 */
class RiverSerialCompatibilityTest {

    /**
     * Serializable public classes of the ten packages that River 2.2.3 does not have, each with the reason the
     * class exists anyway. A class listed here is still reported (its test says why it is excused), and the entry
     * fails once River turns out to have the class, so the list cannot go stale. Empty: every API class must have
     * its River counterpart.
     */
    private static final Map<String, String> NO_RIVER_COUNTERPART = Map.of();

    /**
     * Serial fields River 2.2.3 added to a class beyond its published Jini 2.x serial form, which Estuary follows,
     * each with the reason the difference is harmless. Such a field is left out of the descriptor comparison and of
     * the comparison of Estuary's and River's samples; the round trips still run, so a River reader must cope with
     * its absence (serialization gives a missing field its default). An entry fails if it is no longer needed.
     */
    private static final Map<String, Map<String, String>> RIVER_ONLY_FIELDS = Map.of();

    private static final SerialWorld ESTUARY = SerialWorld.estuary();

    /** The serializable public classes of the ten packages, by scanning Estuary's compiled main classes. */
    private static List<Class<?>> serializableApiClasses() {
        List<Class<?>> result = new ArrayList<>();
        for (ApiPackages.ClassFile file : ApiPackages.scan(ESTUARY.loader).values()) {
            if (file.isPackageInfo()) {
                continue;
            }
            Class<?> c = ESTUARY.cls(file.binaryName());
            if (c.isInterface() || !Serializable.class.isAssignableFrom(c) || !isPublicApi(c)) {
                continue;
            }
            result.add(c);
        }
        return result;
    }

    private static boolean isPublicApi(Class<?> c) {
        for (Class<?> k = c; k != null; k = k.getEnclosingClass()) {
            if (!Modifier.isPublic(k.getModifiers()) || k.isAnonymousClass() || k.isLocalClass()) {
                return false;
            }
        }
        return true;
    }

    @TestFactory
    Stream<DynamicNode> serialFormsMatchRiver() {
        List<Class<?>> classes = serializableApiClasses();
        assertFalse(classes.isEmpty(), "no serializable class found in " + ApiPackages.PACKAGES);
        return classes.stream().map(this::checksFor);
    }

    private DynamicNode checksFor(Class<?> c) {
        String name = c.getName();
        String excuse = NO_RIVER_COUNTERPART.get(name);
        if (excuse != null) {
            return DynamicTest.dynamicTest(name + " (no River counterpart)", () -> {
                assertFalse(SerialWorld.river().has(name),
                        name + " is listed as having no River counterpart, but River has it: remove the entry");
                System.out.println("[serial] " + name + " has no River 2.2.3 counterpart: " + excuse);
            });
        }
        return DynamicContainer.dynamicContainer(name, Stream.of(
                DynamicTest.dynamicTest("descriptor", () -> checkDescriptor(c)),
                DynamicTest.dynamicTest("sample", () -> checkSample(c)),
                DynamicTest.dynamicTest("Estuary to River", () -> checkEstuaryToRiver(c)),
                DynamicTest.dynamicTest("River to Estuary", () -> checkRiverToEstuary(c))));
    }

    private static Class<?> riverClass(Class<?> c) {
        SerialWorld river = SerialWorld.river();
        if (!river.has(c.getName())) {
            fail(c.getName() + " has no counterpart in River 2.2.3; if that is intended, list it with the reason in "
                    + "NO_RIVER_COUNTERPART");
        }
        return river.cls(c.getName());
    }

    private static Set<String> riverOnlyFields(Class<?> c) {
        return RIVER_ONLY_FIELDS.getOrDefault(c.getName(), Map.of()).keySet();
    }

    private static void checkDescriptor(Class<?> c) {
        Class<?> river = riverClass(c);
        for (String field : riverOnlyFields(c)) {
            // The excuse must still be needed: River has the field, Estuary does not.
            assertNotNull(ObjectStreamClass.lookup(river).getField(field),
                    "RIVER_ONLY_FIELDS lists " + c.getName() + "." + field + " but River has no such serial field");
            assertNull(ObjectStreamClass.lookup(c).getField(field),
                    "RIVER_ONLY_FIELDS lists " + c.getName() + "." + field + " but Estuary has it too");
            System.out.println("[serial] " + c.getName() + "." + field + " is River-only: "
                    + RIVER_ONLY_FIELDS.get(c.getName()).get(field));
        }
        List<String> diffs = SerialWorld.descriptorDiffs(c, river, riverOnlyFields(c));
        assertTrue(diffs.isEmpty(), c.getName() + ": serial descriptor differs from River 2.2.3:\n  "
                + String.join("\n  ", diffs));
    }

    /** The sample of c built in world w, checked to be an instance of c (a shared subclass if c is abstract). */
    private static Object sample(Class<?> c, SerialWorld w) {
        SerialSamples.Sample sample = SerialSamples.SAMPLES.get(c.getName());
        assertNotNull(sample, c.getName() + " is serializable but SerialSamples has no sample for it: add one");
        Object o = sample.factory().apply(w);
        Class<?> inWorld = w.cls(c.getName());
        assertTrue(inWorld.isInstance(o), w + " sample of " + c.getName() + " is a " + o.getClass().getName());
        if (o.getClass() != inWorld) {
            assertTrue(Modifier.isAbstract(c.getModifiers())
                    && SerialWorld.SHARED_TEST_CLASSES.contains(o.getClass().getName()),
                    "the sample of concrete " + c.getName() + " must be an instance of that class itself, not of "
                            + o.getClass().getName());
        }
        return o;
    }

    private static void checkSample(Class<?> c) throws Exception {
        riverClass(c);
        Object ours = ESTUARY.roundTrip(sample(c, ESTUARY));
        Set<String> defaults = new TreeSet<>(SerialWorld.defaultValuedSerialFields(ours));
        defaults.removeAll(SerialSamples.SAMPLES.get(c.getName()).mayBeDefault());
        assertTrue(defaults.isEmpty(), "the sample of " + c.getName() + " leaves serial fields at their default "
                + "value, which would hide a field lost in transit: " + defaults);
        SerialWorld river = SerialWorld.river();
        Object theirs = river.roundTrip(sample(c, river));
        Object theirState = SerialWorld.canon(theirs);
        for (String field : riverOnlyFields(c)) {
            // Estuary cannot send a value for a River-only field, so River's sample must not need one either.
            @SuppressWarnings("unchecked")
            Map<String, Object> state = (Map<String, Object>) ((Map<String, Object>) theirState).get(c.getName());
            assertEquals("null", state.remove(field), "River's sample of " + c.getName() + " sets River-only field "
                    + field + ", which Estuary's form cannot carry");
        }
        assertNoDiffs(c, "Estuary's and River's instances built alike differ in serial state",
                theirState, SerialWorld.canon(ours), "River", "Estuary");
    }

    private static void checkEstuaryToRiver(Class<?> c) throws Exception {
        riverClass(c);
        SerialWorld river = SerialWorld.river();
        Object ours = sample(c, ESTUARY);
        Object expected = river.roundTrip(sample(c, river));
        Object received = river.deserialize(SerialWorld.serialize(ours));
        assertNoDiffs(c, "River's classes read Estuary's bytes differently from River's own",
                SerialWorld.canon(expected), SerialWorld.canon(received), "River-from-River", "River-from-Estuary");
        // And back: River's re-serialization of what it read is read by Estuary's classes intact.
        Object back = ESTUARY.deserialize(SerialWorld.serialize(received));
        assertNoDiffs(c, "Estuary -> River -> Estuary does not preserve the serial state",
                SerialWorld.canon(ESTUARY.roundTrip(ours)), SerialWorld.canon(back), "Estuary", "after River");
    }

    private static void checkRiverToEstuary(Class<?> c) throws Exception {
        riverClass(c);
        SerialWorld river = SerialWorld.river();
        Object expected = ESTUARY.roundTrip(sample(c, ESTUARY));
        Object received = ESTUARY.deserialize(SerialWorld.serialize(sample(c, river)));
        assertNoDiffs(c, "Estuary's classes read River's bytes differently from Estuary's own",
                SerialWorld.canon(expected), SerialWorld.canon(received), "Estuary-from-Estuary",
                "Estuary-from-River");
    }

    private static void assertNoDiffs(Class<?> c, String what, Object expected, Object actual, String en,
            String an) {
        List<String> diffs = SerialWorld.treeDiffs(expected, actual, en, an);
        assertTrue(diffs.isEmpty(), c.getName() + ": " + what + ":\n  " + String.join("\n  ", diffs));
    }

    /** Every sample names a class River has, so a misspelt sample cannot sit unused. */
    @Test
    void everySampleNamesARiverClass() {
        SerialWorld river = SerialWorld.river();
        List<String> unknown = new ArrayList<>();
        for (String name : SerialSamples.SAMPLES.keySet()) {
            if (!river.has(name)) {
                unknown.add(name);
            }
        }
        assertTrue(unknown.isEmpty(), "samples for classes River 2.2.3 does not have: " + unknown);
        // Informative: which River classes of the ten packages Estuary does not (yet) define.
        List<String> missing = new ArrayList<>();
        for (String name : SerialSamples.SAMPLES.keySet()) {
            if (!ESTUARY.has(name)) {
                missing.add(name);
            }
        }
        if (!missing.isEmpty()) {
            System.out.println("[serial] sampled River classes Estuary does not define: " + missing);
        }
    }

    /** The oracle really is River's code, apart from Estuary's, and its shared test classes are its own copies. */
    @Test
    void riverWorldIsSeparate() {
        SerialWorld river = SerialWorld.river();
        Class<?> riverLease = river.cls("net.jini.core.lease.Lease");
        assertNotSame(ESTUARY.cls("net.jini.core.lease.Lease"), riverLease);
        assertEquals(river.loader, riverLease.getClassLoader());
        assertEquals(ClassLoader.getPlatformClassLoader(), river.loader.getParent());
        Class<?> handler = river.cls("org.estuary.api.test.SerialSampleHandler");
        assertNotSame(SerialSampleHandler.class, handler);
        assertEquals(river.loader, handler.getClassLoader());
    }

    /** The comparisons this test relies on can fail: they see a changed UID, field, value and proxy. */
    @Test
    void comparisonsDetectDifferences() throws Exception {
        assertFalse(SerialWorld.descriptorDiffs(Integer.class, Long.class, Set.of()).isEmpty());
        assertTrue(SerialWorld.descriptorDiffs(Integer.class, Integer.class, Set.of()).isEmpty());

        assertFalse(SerialWorld.treeDiffs(SerialWorld.canon(new IllegalStateException("a")),
                SerialWorld.canon(new IllegalStateException("b")), "x", "y").isEmpty());
        assertTrue(SerialWorld.treeDiffs(SerialWorld.canon(new IllegalStateException("a")),
                SerialWorld.canon(ESTUARY.roundTrip(new IllegalStateException("a"))), "x", "y").isEmpty());

        Object p1 = ESTUARY.proxy("java.lang.Runnable", "one");
        Object p1again = ESTUARY.roundTrip(ESTUARY.proxy("java.lang.Runnable", "one"));
        Object p2 = ESTUARY.proxy("java.lang.Runnable", "two");
        assertEquals(p1, p1again);
        assertNotEquals(p1, p2);
        assertTrue(SerialWorld.treeDiffs(SerialWorld.canon(p1), SerialWorld.canon(p1again), "x", "y").isEmpty());
        assertFalse(SerialWorld.treeDiffs(SerialWorld.canon(p1), SerialWorld.canon(p2), "x", "y").isEmpty());

        // A proxy crosses to River's world and comes back equal.
        SerialWorld river = SerialWorld.river();
        Object inRiver = river.deserialize(SerialWorld.serialize(p1));
        assertEquals(river.loader, java.lang.reflect.Proxy.getInvocationHandler(inRiver).getClass().getClassLoader());
        assertTrue(SerialWorld.treeDiffs(SerialWorld.canon(p1), SerialWorld.canon(inRiver), "x", "y").isEmpty());
        assertEquals(p1, ESTUARY.deserialize(SerialWorld.serialize(inRiver)));

        // A lost field shows: an exception whose cause is dropped differs from the original.
        Exception withCause = new Exception("m", new ClassNotFoundException("c"));
        assertFalse(SerialWorld.treeDiffs(SerialWorld.canon(withCause), SerialWorld.canon(new Exception("m")),
                "x", "y").isEmpty());
        assertEquals(List.of(), SerialWorld.treeDiffs(SerialWorld.canon(withCause),
                SerialWorld.canon(ESTUARY.roundTrip(withCause)), "x", "y"));
    }
}
