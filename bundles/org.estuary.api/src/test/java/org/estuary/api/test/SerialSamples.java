package org.estuary.api.test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * One representative instance per serializable API class, for {@link RiverSerialCompatibilityTest}.
 *
 * <p>Each factory builds its object reflectively in a given {@link SerialWorld}, so the same factory builds the
 * Estuary instance and the River instance. Values are non-default (a field left null, zero or false would hide a
 * field that one side loses), and are made of JDK values, API classes and serializable proxies standing for
 * interface-typed values ({@link SerialWorld#proxy}). Abstract classes are sampled through test-only subclasses
 * that both worlds can load ({@link SerialWorld#SHARED_TEST_CLASSES}).
 *
 * <p>A serializable class without an entry here fails the compatibility test: add a sample with the class.
 */
final class SerialSamples {

    /** A factory, and the serial fields ("Class.field") the sample may leave at their default value, with why. */
    record Sample(Function<SerialWorld, Object> factory, Set<String> mayBeDefault) {
    }

    static final Map<String, Sample> SAMPLES = new LinkedHashMap<>();

    private static final String STRING = "java.lang.String";
    private static final String OBJECT = "java.lang.Object";
    private static final String MARSHALLED = "java.rmi.MarshalledObject";
    private static final String MAP = "java.util.Map";

    private SerialSamples() {
    }

    private static void add(String className, Function<SerialWorld, Object> factory, String... mayBeDefault) {
        if (SAMPLES.put(className, new Sample(factory, Set.of(mayBeDefault))) != null) {
            throw new IllegalStateException("two samples for " + className);
        }
    }

    /** An exception built with its (String message) constructor. */
    private static void exception(String className) {
        String simple = className.substring(className.lastIndexOf('.') + 1);
        add(className, w -> w.make(className, List.of(STRING), "sample " + simple + " message"));
    }

    private static Object handback(String text) {
        return SerialWorld.marshalled("handback " + text);
    }

    private static Object serviceID(SerialWorld w) {
        return w.make("net.jini.core.lookup.ServiceID", List.of("long", "long"),
                0x0123_4567_89ab_4defL, 0x8fed_cba9_8765_4321L);
    }

    private static java.io.IOException ioException(String text) {
        return new java.io.IOException(text);
    }

    static {
        // --- net.jini.core.lease (LE)
        exception("net.jini.core.lease.LeaseException");
        exception("net.jini.core.lease.LeaseDeniedException");
        exception("net.jini.core.lease.UnknownLeaseException");
        add("net.jini.core.lease.LeaseMapException", w -> {
            Map<Object, Object> failures = new LinkedHashMap<>();
            failures.put(w.proxy("net.jini.core.lease.Lease", "lease-a"),
                    w.make("net.jini.core.lease.UnknownLeaseException", List.of(STRING), "lease-a is gone"));
            failures.put(w.proxy("net.jini.core.lease.Lease", "lease-b"), ioException("lease-b unreachable"));
            return w.make("net.jini.core.lease.LeaseMapException", List.of(STRING, MAP), "two renewals failed",
                    failures);
        });

        // --- net.jini.core.event (EV)
        exception("net.jini.core.event.UnknownEventException");
        add("net.jini.core.event.RemoteEvent", w -> w.make("net.jini.core.event.RemoteEvent",
                List.of(OBJECT, "long", "long", MARSHALLED), "remote-event-source", 17L, 42L, handback("event")));
        add("net.jini.core.event.EventRegistration", w -> w.make("net.jini.core.event.EventRegistration",
                List.of("long", OBJECT, "net.jini.core.lease.Lease", "long"),
                23L, "registration-source", w.proxy("net.jini.core.lease.Lease", "registration-lease"), 99L));

        // --- net.jini.core.entry
        add("net.jini.core.entry.UnusableEntryException", w -> w.make("net.jini.core.entry.UnusableEntryException",
                List.of("net.jini.core.entry.Entry", "java.lang.String[]", "java.lang.Throwable[]"),
                w.proxy("net.jini.core.entry.Entry", "partial-entry"),
                new String[] {"firstField", "secondField"},
                new Throwable[] {new ClassNotFoundException("first.Missing"), ioException("second field")}));

        // --- net.jini.core.transaction (TX)
        exception("net.jini.core.transaction.TransactionException");
        exception("net.jini.core.transaction.CannotAbortException");
        exception("net.jini.core.transaction.CannotCommitException");
        exception("net.jini.core.transaction.CannotJoinException");
        exception("net.jini.core.transaction.CannotNestException");
        exception("net.jini.core.transaction.UnknownTransactionException");
        add("net.jini.core.transaction.TimeoutExpiredException", w -> w.make(
                "net.jini.core.transaction.TimeoutExpiredException", List.of(STRING, "boolean"), "timed out", true));

        add("net.jini.core.transaction.Transaction$Created", w -> w.make(
                "net.jini.core.transaction.Transaction$Created",
                List.of("net.jini.core.transaction.Transaction", "net.jini.core.lease.Lease"),
                w.make("net.jini.core.transaction.server.ServerTransaction",
                        List.of("net.jini.core.transaction.server.TransactionManager", "long"),
                        w.proxy("net.jini.core.transaction.server.TransactionManager", "created-manager"), 5L),
                w.proxy("net.jini.core.lease.Lease", "created-lease")));
        add("net.jini.core.transaction.NestableTransaction$Created", w -> w.make(
                "net.jini.core.transaction.NestableTransaction$Created",
                List.of("net.jini.core.transaction.NestableTransaction", "net.jini.core.lease.Lease"),
                w.make("net.jini.core.transaction.server.NestableServerTransaction",
                        List.of("net.jini.core.transaction.server.NestableTransactionManager", "long",
                                "net.jini.core.transaction.server.NestableServerTransaction"),
                        w.proxy("net.jini.core.transaction.server.NestableTransactionManager", "nested-manager"), 6L,
                        null),
                w.proxy("net.jini.core.lease.Lease", "nested-created-lease")));

        // --- net.jini.core.transaction.server (TX)
        add("net.jini.core.transaction.server.TransactionManager$Created", w -> w.make(
                "net.jini.core.transaction.server.TransactionManager$Created",
                List.of("long", "net.jini.core.lease.Lease"),
                77L, w.proxy("net.jini.core.lease.Lease", "manager-created-lease")));
        exception("net.jini.core.transaction.server.CrashCountException");
        add("net.jini.core.transaction.server.ServerTransaction", w -> w.make(
                "net.jini.core.transaction.server.ServerTransaction",
                List.of("net.jini.core.transaction.server.TransactionManager", "long"),
                w.proxy("net.jini.core.transaction.server.TransactionManager", "manager"), 1234L));
        add("net.jini.core.transaction.server.NestableServerTransaction", w -> {
            String nst = "net.jini.core.transaction.server.NestableServerTransaction";
            List<String> sig = List.of("net.jini.core.transaction.server.NestableTransactionManager", "long", nst);
            Object manager = w.proxy("net.jini.core.transaction.server.NestableTransactionManager", "nest-manager");
            Object parent = w.make(nst, sig, manager, 7L, null);
            return w.make(nst, sig, manager, 8L, parent);
        });

        // --- net.jini.core.lookup (published Jini 2.x lookup API)
        add("net.jini.core.lookup.ServiceID", SerialSamples::serviceID);
        add("net.jini.core.lookup.ServiceItem", w -> serviceItem(w, "item"));
        add("net.jini.core.lookup.ServiceMatches", w -> w.make("net.jini.core.lookup.ServiceMatches",
                List.of("net.jini.core.lookup.ServiceItem[]", "int"),
                w.array("net.jini.core.lookup.ServiceItem", serviceItem(w, "first"), serviceItem(w, "second")), 5));
        add("net.jini.core.lookup.ServiceTemplate", w -> w.make("net.jini.core.lookup.ServiceTemplate",
                List.of("net.jini.core.lookup.ServiceID", "java.lang.Class[]", "net.jini.core.entry.Entry[]"),
                serviceID(w), new Class<?>[] {w.cls("net.jini.core.lease.Lease"), Runnable.class},
                w.array("net.jini.core.entry.Entry", w.proxy("net.jini.core.entry.Entry", "template-attr"))));
        // Abstract: sampled through a test-only subclass with no state of its own.
        add("net.jini.core.lookup.ServiceEvent", w -> w.make("org.estuary.api.test.SerialSampleServiceEvent",
                List.of(OBJECT, "long", "long", MARSHALLED, "net.jini.core.lookup.ServiceID", "int"),
                "lookup-service-source", 31L, 77L, handback("service event"), serviceID(w), 4));

        // --- net.jini.core.discovery
        add("net.jini.core.discovery.LookupLocator", w -> w.make("net.jini.core.discovery.LookupLocator",
                List.of(STRING, "int"), "lookup.example.org", 4161),
                // Made without a socket factory: sf is serialized as null, the only value River can serialize.
                "LookupLocator.sf");

        // --- net.jini.event (EM)
        exception("net.jini.event.InvalidIteratorException");

        // --- net.jini.lease (LR)
        add("net.jini.lease.LeaseUnmarshalException", w -> w.make("net.jini.lease.LeaseUnmarshalException",
                List.of(STRING, "net.jini.core.lease.Lease[]", "java.rmi.MarshalledObject[]", "java.lang.Throwable[]"),
                "some leases could not be unmarshalled",
                w.array("net.jini.core.lease.Lease", w.proxy("net.jini.core.lease.Lease", "good-lease")),
                new java.rmi.MarshalledObject<?>[] {SerialWorld.marshalled("still marshalled lease")},
                new Throwable[] {new ClassNotFoundException("bad.LeaseClass")}));
        add("net.jini.lease.ExpirationWarningEvent", w -> w.make("net.jini.lease.ExpirationWarningEvent",
                List.of("net.jini.lease.LeaseRenewalSet", "long", MARSHALLED),
                w.proxy("net.jini.lease.LeaseRenewalSet", "warning-set"), 12L, handback("warning")));
        // Abstract: sampled through a test-only subclass with no state of its own.
        add("net.jini.lease.RenewalFailureEvent", w -> w.make("org.estuary.api.test.SerialSampleRenewalFailureEvent",
                List.of("net.jini.lease.LeaseRenewalSet", "long", MARSHALLED),
                w.proxy("net.jini.lease.LeaseRenewalSet", "failure-set"), 13L, handback("failure")),
                // LR: the event ID of a renewal failure event is LeaseRenewalSet.RENEWAL_FAILURE_EVENT_ID, which is 0.
                "RemoteEvent.eventID");

        // --- net.jini.discovery (LD and the published discovery utilities)
        add("net.jini.discovery.LookupUnmarshalException", w -> w.make(
                "net.jini.discovery.LookupUnmarshalException",
                List.of("net.jini.core.lookup.ServiceRegistrar[]", "java.rmi.MarshalledObject[]",
                        "java.lang.Throwable[]", STRING),
                w.array("net.jini.core.lookup.ServiceRegistrar",
                        w.proxy("net.jini.core.lookup.ServiceRegistrar", "good-registrar")),
                new java.rmi.MarshalledObject<?>[] {SerialWorld.marshalled("still marshalled registrar")},
                new Throwable[] {new ClassNotFoundException("bad.RegistrarClass")},
                "some registrars could not be unmarshalled"));
        add("net.jini.discovery.RemoteDiscoveryEvent", w -> w.make("net.jini.discovery.RemoteDiscoveryEvent",
                List.of(OBJECT, "long", "long", MARSHALLED, "boolean", MAP),
                "discovery-service-source", 3L, 55L, handback("discovery"), true, registrarGroups(w)));
        add("net.jini.discovery.DiscoveryEvent", w -> w.make("net.jini.discovery.DiscoveryEvent",
                List.of(OBJECT, MAP), "discovery-source", registrarGroups(w)));
        add("net.jini.discovery.DiscoveryPermission", w -> w.make("net.jini.discovery.DiscoveryPermission",
                List.of(STRING), "sample-group"));
    }

    private static Object serviceItem(SerialWorld w, String text) {
        return w.make("net.jini.core.lookup.ServiceItem",
                List.of("net.jini.core.lookup.ServiceID", OBJECT, "net.jini.core.entry.Entry[]"),
                serviceID(w), "service " + text,
                w.array("net.jini.core.entry.Entry", w.proxy("net.jini.core.entry.Entry", text + "-attr-1"),
                        w.proxy("net.jini.core.entry.Entry", text + "-attr-2")));
    }

    /** A registrar-to-member-groups map with one registrar, as discovery events carry. */
    private static Map<Object, Object> registrarGroups(SerialWorld w) {
        Map<Object, Object> groups = new LinkedHashMap<>();
        groups.put(w.proxy("net.jini.core.lookup.ServiceRegistrar", "discovered-registrar"),
                new String[] {"public", "sample-group"});
        return groups;
    }
}
