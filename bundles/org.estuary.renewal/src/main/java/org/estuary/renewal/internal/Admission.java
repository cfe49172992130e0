package org.estuary.renewal.internal;

import java.io.IOException;
import java.io.InvalidClassException;
import java.io.NotSerializableException;
import java.rmi.MarshalException;
import java.rmi.RemoteException;
import java.rmi.UnmarshalException;

import net.jini.core.event.RemoteEventListener;
import net.jini.core.lease.Lease;

import org.estuary.core.failure.Failure;
import org.estuary.core.time.Clock;
import org.estuary.core.time.SystemClock;
import org.estuary.io.Marshalled;
import org.estuary.io.Marshaller;
import org.estuary.io.ReadScope;
import org.estuary.lease.client.ClientClock;

/**
 * Turns what a client hands the service (client leases, listeners) into the service's own copies: marshalled,
 * then read back through the allowlist filter, so nothing the service holds skipped the filter (LR.2's warning
 * about one client lease capturing another) and the client's object is never shared, as over RMI. Client leases
 * are kept in {@code Lease.ABSOLUTE} form so a recorded copy means the same expiration after a restart. What a
 * client's call brought from another JVM through the service's transport was read through the same allowlist on its
 * way in and is held by nothing else ({@link ReadScope#arrived}): that object is the service's copy already.
 */
final class Admission {

    private final Marshaller marshaller;
    private final Clock clock;
    /** The object clients' calls invoke, whose arguments may have arrived from another JVM. */
    private final Object backend;
    /**
     * Whether the service counts time on the JVM's clock, as a lease the transport read does ({@link ClientClock}:
     * its expiration, and the one its renewals give it).
     */
    private final boolean jvmClock;

    Admission(Marshaller marshaller, Clock clock, Object backend) {
        this.marshaller = marshaller;
        this.clock = clock;
        this.backend = backend;
        this.jvmClock = clock instanceof SystemClock;
    }

    /** A lease as the service holds it: the live copy it renews and the form it records first. */
    static final class Admitted {
        final Lease live;
        final Marshalled<Lease> recorded;
        /** Whether the recorded form can be derived from the live copy later ({@link RecordedForm}). */
        final boolean derivable;

        Admitted(Lease live, Marshalled<Lease> recorded) {
            this.live = live;
            this.recorded = recorded;
            this.derivable = RecordedForm.derivable(live, recorded);
        }
    }

    /**
     * The service's copy of a client lease.
     *
     * @throws MarshalException if the lease cannot be serialized (as an RMI call would fail)
     * @throws UnmarshalException if the allowlist refuses it or it cannot be read back
     */
    Admitted lease(Lease lease) throws MarshalException, UnmarshalException {
        if (jvmClock && ReadScope.arrived(lease, backend, marshaller.filter())) {
            try {
                lease.setSerialFormat(Lease.ABSOLUTE);
                return new Admitted(lease, record(lease));
            } catch (IOException | RuntimeException e) { // the client's class's own code failed
                throw new MarshalException("client lease cannot be marshalled: " + e, e);
            }
        }
        Marshalled<Lease> sent;
        try {
            sent = marshaller.marshalled(lease);
        } catch (NotSerializableException e) {
            throw new MarshalException("client lease is not serializable (" + e.getMessage() + "); pass a lease "
                    + "whose grantor reference can leave this JVM", e);
        } catch (IOException e) {
            throw new MarshalException("client lease cannot be marshalled: " + e, e);
        }
        try {
            Lease live = read(sent);
            live.setSerialFormat(Lease.ABSOLUTE);
            return new Admitted(live, record(live));
        } catch (InvalidClassException e) {
            throw new UnmarshalException("client lease refused by the allowlist (configure "
                    + "org.estuary.io.marshaller allowlist.extra): " + e.getMessage(), e);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new UnmarshalException("client lease cannot be read back: " + e, e);
        }
    }

    /** The recorded form of our live copy now (its current expiration, ABSOLUTE format). */
    Marshalled<Lease> record(Lease live) throws IOException {
        return marshaller.marshalled(live);
    }

    /**
     * LR.2: the recorded form of a derivable lease ({@link RecordedForm#derivable}): its live copy's form with the
     * recorded expiration; thread-safe, so callers derive outside the service lock.
     */
    Marshalled<Lease> recordedForm(Lease live, long recordedExpiration) throws IOException {
        return RecordedForm.withExpiration(record(live), recordedExpiration, marshaller);
    }

    /** Reads a held lease; a DURATION-format lease counts from the service's clock. */
    Lease read(Marshalled<Lease> held) throws IOException, ClassNotFoundException {
        try (ClientClock.Scope scope = ClientClock.use(clock)) {
            return marshaller.unmarshal(held);
        }
    }

    /** The service's copy of a listener and its marshalled form. */
    Marshalled<RemoteEventListener> listener(RemoteEventListener listener) throws MarshalException {
        try {
            return marshaller.marshalled(listener);
        } catch (IOException e) {
            throw new MarshalException("event listener cannot be marshalled (" + e + "); export it as a remote "
                    + "object or make it serializable", e);
        }
    }

    /**
     * The service's copy of a listener a client gave, whose marshalled form is {@code held}: the listener itself when
     * it arrived from another JVM ({@link ReadScope#arrived}), else {@code held} read back.
     */
    RemoteEventListener listener(RemoteEventListener given, Marshalled<RemoteEventListener> held)
            throws UnmarshalException {
        return ReadScope.arrived(given, backend, marshaller.filter()) ? given : readListener(held);
    }

    RemoteEventListener readListener(Marshalled<RemoteEventListener> held) throws UnmarshalException {
        try {
            return marshaller.unmarshal(held);
        } catch (IOException | ClassNotFoundException | RuntimeException e) {
            throw new UnmarshalException("event listener refused or unreadable: " + e.getMessage(), e);
        }
    }

    /**
     * The failure's marshalled form, as the failure event carries it to a client (LR.2.1 {@code getThrowable}). A
     * failure that cannot be serialized, or holds a class the allowlist refuses (such as a
     * {@code java.net.SocketTimeoutException} under a {@code RemoteException}), which the client could not read, is
     * replaced by a stand-in the client reads: its text names every exception of the chain with its message, and it
     * is indefinite ({@code RemoteException}) or definite (a plain {@code Exception}) as the failure was
     * ({@link Failure#of}).
     */
    Marshalled<Throwable> throwable(Throwable failure) {
        if (failure == null) {
            return null;
        }
        try {
            Marshalled<Throwable> whole = marshaller.marshalled(failure);
            marshaller.unmarshal(whole); // what the client's allowlist would refuse, the service's refuses too
            return whole;
        } catch (IOException | ClassNotFoundException | RuntimeException unreadable) {
            String text = chain(failure);
            Throwable standIn = Failure.of(failure).isDefinite() ? new Exception(text) : new RemoteException(text);
            standIn.setStackTrace(failure.getStackTrace());
            try {
                return marshaller.marshalled(standIn);
            } catch (IOException impossible) {
                return null;
            }
        }
    }

    /** Each exception of the chain with its message: "A: m; caused by B: n" (a cause A's message names is left out). */
    private static String chain(Throwable failure) {
        StringBuilder text = new StringBuilder(failure.toString());
        int depth = 0;
        for (Throwable cause = failure.getCause(); cause != null && depth < 16; cause = cause.getCause(), depth++) {
            if (text.indexOf(cause.toString()) < 0) {
                text.append("; caused by ").append(cause);
            }
        }
        return text.toString();
    }
}
