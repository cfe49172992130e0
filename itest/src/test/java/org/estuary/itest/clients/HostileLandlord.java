package org.estuary.itest.clients;

import java.util.PriorityQueue;

import javax.naming.NamingException;

import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;

/**
 * A client's landlord that answers the container with a hostile object: every renewal throws a
 * {@code javax.naming.NamingException} (loadable in the container, outside the allowlist) carrying a
 * {@code PriorityQueue} gadget. Declared or not, RMI sends what the callee throws.
 */
public final class HostileLandlord implements Landlord {

    @Override
    public long renew(long leaseId, long duration) {
        throw sneaky(hostile());
    }

    @Override
    public void cancel(long leaseId) {
    }

    @Override
    public RenewResults renewAll(long[] leaseIds, long[] durations) {
        throw sneaky(hostile());
    }

    @Override
    public Exception[] cancelAll(long[] leaseIds) {
        return new Exception[leaseIds.length];
    }

    private static NamingException hostile() {
        PriorityQueue<String> gadget = new PriorityQueue<>(String.CASE_INSENSITIVE_ORDER);
        gadget.add("a");
        gadget.add("b");
        NamingException e = new NamingException("hostile landlord");
        e.setResolvedObj(gadget);
        return e;
    }

    @SuppressWarnings("unchecked")
    private static <X extends Throwable> RuntimeException sneaky(Throwable t) throws X {
        throw (X) t;
    }
}
