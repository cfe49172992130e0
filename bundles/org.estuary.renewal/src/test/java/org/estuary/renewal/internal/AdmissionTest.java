package org.estuary.renewal.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.Serializable;

import net.jini.core.event.RemoteEvent;
import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;

import org.estuary.core.time.ManualClock;
import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.ReadScope;
import org.estuary.lease.client.LandlordLease;
import org.estuary.renewal.conformance.ClientClasses;
import org.estuary.renewal.conformance.TestLandlord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * LR.2: the service holds its own copy of each client lease and listener, read through its allowlist, never the
 * caller's object. What a client's call brought from another JVM through the service's transport (read through the
 * same allowlist, held by nothing else) is such a copy already and is kept as it is; anything else is copied.
 */
class AdmissionTest {

    private final Marshaller marshaller = Marshallers.builder().classLoader(getClass().getClassLoader())
            .filter(ClientClasses.filter()).build();
    private final SystemClock clock = new SystemClock("admission-test");
    private final TestLandlord landlord = new TestLandlord(clock);
    /** The object clients' calls invoke. */
    private final Object backend = new Object();
    private final Admission admission = new Admission(marshaller, clock, backend);

    @AfterEach
    void close() {
        landlord.close();
        clock.close();
    }

    /** A client's lease as the transport reads it from another JVM: new here, in the client's DURATION form. */
    private Lease readFromAnotherJvm(Lease sent) throws Exception {
        return marshaller.unmarshal(marshaller.marshalled(sent));
    }

    /** Admits {@code lease} as a call the transport read invoking {@code target}, through {@code filter}. */
    private Admission.Admitted arrivedIn(Object target, Marshaller through, Admission admitting, Lease lease)
            throws Exception {
        try (ReadScope.Received call = ReadScope.forCalls(through, null).received(target, new Object[] {lease, 1L})) {
            return admitting.lease(lease);
        }
    }

    @Test
    void lr2ALeaseThatArrivedFromAnotherJvmIsTheServicesCopyAlready() throws Exception {
        Lease arrived = readFromAnotherJvm(landlord.grant(60_000));
        long expiration = arrived.getExpiration();

        Admission.Admitted admitted = arrivedIn(backend, marshaller, admission, arrived);

        assertSame(arrived, admitted.live, "kept, not copied again");
        assertEquals(Lease.ABSOLUTE, arrived.getSerialFormat(), "held in the form a restart reads back the same");
        Lease recorded = admission.read(admitted.recorded);
        assertEquals(arrived, recorded);
        assertEquals(expiration, recorded.getExpiration(), "the recorded form keeps the expiration read");
    }

    @Test
    void lr2ALeaseAnInProcessCallerPassedIsCopiedAndLeftAsItWas() throws Exception {
        LandlordLease callers = landlord.grant(60_000);

        Admission.Admitted admitted = admission.lease(callers);

        assertNotSame(callers, admitted.live, "the caller's object is never the service's");
        assertEquals(callers, admitted.live);
        assertEquals(Lease.DURATION, callers.getSerialFormat(), "the caller's lease untouched");
        assertEquals(Lease.ABSOLUTE, admitted.live.getSerialFormat());
    }

    @Test
    void lr2ALeaseIsCopiedWhenTheCallInvokesAnotherObjectOrWasReadThroughAnotherAllowlist() throws Exception {
        Lease arrived = readFromAnotherJvm(landlord.grant(60_000));
        assertNotSame(arrived, arrivedIn(new Object(), marshaller, admission, arrived).live,
                "an argument of a call to another object (which then called this service in process)");
        Marshaller wider = Marshallers.builder().classLoader(getClass().getClassLoader())
                .filter(ClientClasses.filter()).build();
        assertNotSame(arrived, arrivedIn(backend, wider, admission, arrived).live,
                "read through an allowlist that is not the service's");
    }

    @Test
    void lr2AServiceOnAClockOfItsOwnCopiesEvenWhatArrived() throws Exception {
        // a DURATION lease the transport read counts from the JVM's clock; the service's copy counts from its own
        ManualClock manual = new ManualClock(clock.currentTimeMillis() + 3_600_000);
        Admission onItsClock = new Admission(marshaller, manual, backend);
        Lease arrived = readFromAnotherJvm(landlord.grant(60_000));

        Admission.Admitted admitted = arrivedIn(backend, marshaller, onItsClock, arrived);

        assertNotSame(arrived, admitted.live);
        assertEquals(manual.currentTimeMillis() + 60_000, admitted.live.getExpiration(), 5_000,
                "its 60 s count from the service's clock");
    }

    /** A listener of the client's. */
    static final class Listener implements RemoteEventListener, Serializable {
        private static final long serialVersionUID = 1L;

        @Override
        public void notify(RemoteEvent event) {
        }
    }

    @Test
    void lr21AListenerThatArrivedIsKeptAndAnInProcessCallersIsCopied() throws Exception {
        RemoteEventListener arrived = marshaller.unmarshal(marshaller.marshalled(new Listener()));
        Marshalled<RemoteEventListener> form = admission.listener(arrived);
        try (ReadScope.Received call = ReadScope.forCalls(marshaller, null).received(backend,
                new Object[] {1L, arrived})) {
            assertSame(arrived, admission.listener(arrived, form));
        }
        Listener callers = new Listener();
        RemoteEventListener copy = admission.listener(callers, admission.listener(callers));
        assertNotSame(callers, copy);
        assertEquals(Listener.class, copy.getClass());
    }
}
