package org.estuary.store.api.conformance;

import java.util.IdentityHashMap;
import java.util.Map;

import org.estuary.store.api.Store;

/**
 * The store contract for a persistent backend: each store is opened on settings of its own (a new directory, new
 * tables) with a probe that can fail its next commit; a restart closes it and opens a new store on the same settings,
 * as a restart of its process would.
 *
 * @param <S> the backend's settings
 * @param <P> the backend's probe
 */
public abstract class PersistentStoreConformanceTest<S, P> extends StoreConformanceTest {

    private final Map<Store, S> settings = new IdentityHashMap<>();
    private final Map<Store, P> probes = new IdentityHashMap<>();

    /** Settings for a new, empty store with {@code limits} (resolve the backend's defaults with {@link Limits#or}). */
    protected abstract S settings(Limits limits) throws Exception;

    /** A probe that can fail the next commit of the store it is given to. */
    protected abstract P probe();

    /** A store on {@code settings} observed by {@code probe}, open and ready. */
    protected abstract Store open(S settings, P probe) throws Exception;

    /** Arranges for the next commit of the store {@code probe} observes to fail, retryably and without effect. */
    protected abstract void failNextCommit(P probe);

    @Override
    protected final Store open(Limits limits) throws Exception {
        return track(settings(limits));
    }

    @Override
    protected final Store restart(Store store) throws Exception {
        close(store);
        S same;
        synchronized (settings) {
            same = settings.get(store);
        }
        return track(same);
    }

    @Override
    protected final boolean failNextCommit(Store store) {
        P probe;
        synchronized (settings) {
            probe = probes.get(store);
        }
        failNextCommit(probe);
        return true;
    }

    private Store track(S s) throws Exception {
        P probe = probe();
        Store store = open(s, probe);
        synchronized (settings) {
            settings.put(store, s);
            probes.put(store, probe);
        }
        return store;
    }
}
