package org.estuary.renewal.internal;

import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;

import org.estuary.core.time.ManualClock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.store.api.Store;
import org.estuary.store.memory.internal.MemoryStoreComponent;

/**
 * Builds renewal services for tests: a manual clock, a memory store (kept across "restarts" of the service),
 * renewals and event deliveries run in the thread that advances the clock.
 */
public final class Harness implements AutoCloseable {

    public final ManualClock clock = new ManualClock(1_700_000_000_000L);
    public final Store store = new MemoryStoreComponent(annotation(MemoryStoreComponent.Config.class));
    public final Marshaller marshaller = Marshallers.builder().classLoader(Harness.class.getClassLoader()).build();
    private RenewalService service;

    /** A service with {@code settings}, recovered from the store (a restart if one ran before). */
    public RenewalService start(Settings settings) throws Exception {
        if (service != null) {
            service.close();
        }
        service = new RenewalService(clock, marshaller, () -> store, settings, Runnable::run,
                new EventDelivery(clock, Runnable::run, settings.delivery));
        service.start();
        return service;
    }

    public RenewalService start() throws Exception {
        return start(Settings.defaults());
    }

    public void advance(long millis) {
        clock.advance(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        if (service != null) {
            service.close();
        }
    }

    /** An annotation instance with every element at its default, as SCR builds one from no configuration. */
    @SuppressWarnings("unchecked")
    static <A> A annotation(Class<A> type) {
        return (A) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            if (method.getName().equals("annotationType")) {
                return type;
            }
            Object value = method.getDefaultValue();
            if (value == null) {
                throw new UnsupportedOperationException(method.getName());
            }
            return value;
        });
    }
}
