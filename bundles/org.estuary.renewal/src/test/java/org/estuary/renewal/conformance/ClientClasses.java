package org.estuary.renewal.conformance;

import java.rmi.RemoteException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import net.jini.core.lease.Lease;

import org.estuary.core.time.Clock;
import org.estuary.io.SerialFilter;

import com.example.leases.ExampleLandlord;
import com.example.leases.ExampleLease;
import com.example.leases.ExampleListener;

/**
 * A client's own classes for one test (package {@code com.example.leases}, a jar of its own that Estuary does not
 * know): a landlord granting {@link ExampleLease}s and listeners, both exported with plain RMI on 127.0.0.1, so the
 * service renews through the client's landlord and sends events over RMI whether it runs in this JVM or another.
 */
public final class ClientClasses implements AutoCloseable {

    /** The allowlist entry that lets a service read them (PID {@code org.estuary.io.marshaller}, allowlist.extra). */
    public static final String ALLOWLIST_EXTRA = "com.example.leases.*";

    /** The longest lease the client's landlord grants, and what it grants for {@code Lease.ANY}. */
    public static final long MAX_LEASE = 60_000;

    /** The client's landlord, on the test's clock. */
    public final ExampleLandlord landlord;
    private final List<ExampleListener> listeners = new CopyOnWriteArrayList<>();

    ClientClasses(Clock clock) throws RemoteException {
        this.landlord = new ExampleLandlord(clock::currentTimeMillis, MAX_LEASE);
    }

    /** The default allowlist with {@link #ALLOWLIST_EXTRA}: what a service and a client that use them configure. */
    public static SerialFilter filter() {
        return SerialFilter.defaults().toBuilder().allow(ALLOWLIST_EXTRA).build();
    }

    /**
     * A lease of the client's landlord for {@code duration} ms, in {@code Lease.ABSOLUTE} form: its {@code DURATION}
     * form counts from the JVM's clock, which is not the manual clock of the in-JVM runs.
     */
    public ExampleLease lease(long duration) {
        ExampleLease lease = landlord.grant(duration);
        lease.setSerialFormat(Lease.ABSOLUTE);
        return lease;
    }

    /** A new listener of the client's class, exported until {@link #close()}. */
    public ExampleListener listener() throws RemoteException {
        ExampleListener listener = new ExampleListener();
        listeners.add(listener);
        return listener;
    }

    /** Unexports the landlord and every listener. */
    @Override
    public void close() {
        landlord.close();
        listeners.forEach(ExampleListener::close);
    }
}
