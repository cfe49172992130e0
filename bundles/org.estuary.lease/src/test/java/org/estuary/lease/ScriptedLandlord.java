package org.estuary.lease;

import java.rmi.RemoteException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

import net.jini.core.lease.LeaseDeniedException;
import net.jini.core.lease.UnknownLeaseException;
import org.estuary.lease.client.Landlord;
import org.estuary.lease.client.RenewResults;

/**
 * A landlord in front of a real one that counts calls, records requested durations, can throw scripted failures
 * (as a broken network would) and can run an action during each call (to let time pass, as a round trip does).
 */
public final class ScriptedLandlord implements Landlord {

    private final Landlord target;
    private final Deque<Exception> failures = new ArrayDeque<>();
    public final List<Long> requested = new ArrayList<>();
    public final List<Integer> batchSizes = new ArrayList<>();
    public int renewCalls;
    public int renewAllCalls;
    public int cancelCalls;
    public int cancelAllCalls;
    public volatile Runnable duringCall = () -> { };
    public volatile Exception alwaysFail;

    public ScriptedLandlord(Landlord target) {
        this.target = target;
    }

    /** The next call throws {@code failure} instead of reaching the landlord. */
    public synchronized ScriptedLandlord failNext(Exception failure) {
        failures.add(failure);
        return this;
    }

    private void maybeFail() throws RemoteException {
        Exception failure;
        synchronized (this) {
            failure = failures.poll();
        }
        if (failure == null) {
            failure = alwaysFail;
        }
        if (failure instanceof RemoteException) {
            throw (RemoteException) failure;
        }
        if (failure instanceof RuntimeException) {
            throw (RuntimeException) failure;
        }
        if (failure != null) {
            throw new IllegalStateException("script can only throw RemoteException or RuntimeException here");
        }
    }

    @Override
    public long renew(long leaseId, long duration)
            throws LeaseDeniedException, UnknownLeaseException, RemoteException {
        synchronized (this) {
            renewCalls++;
            requested.add(duration);
        }
        duringCall.run();
        Exception failure;
        synchronized (this) {
            failure = failures.peek() instanceof LeaseDeniedException ? failures.poll() : null;
        }
        if (failure != null) {
            throw (LeaseDeniedException) failure;
        }
        maybeFail();
        return target.renew(leaseId, duration);
    }

    @Override
    public void cancel(long leaseId) throws UnknownLeaseException, RemoteException {
        synchronized (this) {
            cancelCalls++;
        }
        maybeFail();
        target.cancel(leaseId);
    }

    @Override
    public RenewResults renewAll(long[] leaseIds, long[] durations) throws RemoteException {
        synchronized (this) {
            renewAllCalls++;
            batchSizes.add(leaseIds.length);
            for (long d : durations) {
                requested.add(d);
            }
        }
        duringCall.run();
        maybeFail();
        return target.renewAll(leaseIds, durations);
    }

    @Override
    public Exception[] cancelAll(long[] leaseIds) throws RemoteException {
        synchronized (this) {
            cancelAllCalls++;
        }
        maybeFail();
        return target.cancelAll(leaseIds);
    }
}
