package org.estuary.testing;

import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.estuary.store.api.Batch;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreException;

/**
 * A service run in this JVM for its tests: on a {@link ManualClock} the test advances, bound to a store that
 * outlives it, so a second {@link #start()} is a restart that recovers what the first one wrote. A service's tests
 * subclass it once, saying how the service is built ({@link #create}), bound to a store, recovered and closed;
 * the subclass builds it with direct executors ({@code Runnable::run}) so that what the clock sets off has run
 * when {@link #advance} returns.
 *
 * <p>The in-JVM conformance suite of a service runs on each store kind through {@link TestStores}: one abstract
 * test class per service joins its conformance suite to its harness on {@code stores().open()}, and one subclass
 * per store kind names the kind ({@code TestStores.memory()}, {@code embedded()}, {@code jdbc()}).
 *
 * @param <S> the service (its backend class, as its component builds it)
 */
public abstract class ServiceHarness<S> implements AutoCloseable {

    /**
     * The wall-clock time every harness's clock starts at (1.7e12 ms since the epoch), so absolute lease
     * expirations in assertions are the same on every run, and far enough from 0 and from Long.MAX_VALUE that
     * durations added to it or subtracted from it neither go negative nor saturate (LE.2.2's absolute times).
     */
    public static final long START_MILLIS = 1_700_000_000_000L;

    /** The service's clock; {@link #advance} moves it. */
    public final ManualClock clock = new ManualClock(START_MILLIS);
    private volatile Store store;
    private S service;

    /** A harness on {@code store}, which the caller closes (or a {@link TestStores} it came from). */
    protected ServiceHarness(Store store) {
        this.store = store;
    }

    /** A new service on {@link #clock}, not yet bound to a store. */
    protected abstract S create() throws Exception;

    /** The DS bind of the service's store reference. */
    protected abstract void bind(S service, Store bound);

    /** The DS unbind of the service's store reference. */
    protected abstract void unbind(S service, Store unbound);

    /** Rebuilds the service's state from its bound store (its activation's recovery step). */
    protected abstract void recover(S service) throws Exception;

    /** Stops the service: its deactivation (the store stays as it is). */
    protected abstract void stop(S service);

    /** A new service recovered from the store; a restart when one ran before (that one is stopped first). */
    public S start() throws Exception {
        if (service != null) {
            stop(service);
            service = null;
        }
        S started = create();
        bind(started, store);
        recover(started);
        service = started;
        return started;
    }

    /** The running service, or null. */
    public S service() {
        return service;
    }

    /** The store the service writes to and the next {@link #start()} recovers from. */
    public Store store() {
        return store;
    }

    /** Rebinds the running service (if any) from the current store to {@code next}, as greedy DS does (Store S8). */
    public void switchTo(Store next) {
        Store previous = store;
        store = next;
        if (service != null) {
            bind(service, next);
            unbind(service, previous);
        }
    }

    /**
     * Lets time pass: what falls due runs in this thread, and every write the service gave the store by then is
     * acknowledged before this returns ({@link #flush}).
     */
    public void advance(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
        flush();
    }

    /**
     * Waits until every batch given to the store so far is acknowledged: a persistent store acknowledges in its own
     * threads, in the order it accepted the batches (Store S3), so a batch of its own answered means all before it
     * were. A store the test closed or broke on purpose has nothing to wait for.
     */
    public void flush() {
        try {
            store.applyAndWait(Batch.builder().delete("harness/flush", "x").build(), 10, TimeUnit.SECONDS);
        } catch (StoreException e) {
            // closed or made unusable by the test: nothing to wait for
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the running service, if any; the store stays open. */
    @Override
    public void close() {
        if (service != null) {
            stop(service);
            service = null;
        }
    }
}
