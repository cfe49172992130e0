package org.estuary.renewal.internal;

import java.util.concurrent.Executor;
import java.util.function.Supplier;

import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.renewal.conformance.ClientClasses;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.testing.ServiceHarness;

/**
 * Renewal services for tests ({@link ServiceHarness}): a manual clock, a store kept across restarts (memory unless
 * given), renewals (unless {@link #renewOn} says otherwise) and event deliveries run in the thread that advances
 * the clock.
 */
public final class Harness extends ServiceHarness<RenewalService> {

    /** The service's marshaller; its allowlist takes the client's own classes, as allowlist.extra configures it. */
    public final Marshaller marshaller = Marshallers.builder().classLoader(Harness.class.getClassLoader())
            .filter(ClientClasses.filter()).build();
    private Settings settings;
    private Executor renewals = Runnable::run;
    private Supplier<String> callers = () -> null;

    /** On a memory store. */
    public Harness() {
        this(MemoryStores.open());
    }

    /** On {@code store}, which the caller closes. */
    public Harness(Store store) {
        super(store);
    }

    /** The next services renew on {@code executor} instead of in the thread that advances the clock. */
    public void renewOn(Executor executor) {
        renewals = executor;
    }

    /** The next services take {@code clients} for who calls (a client's address), instead of no one (this JVM). */
    public void callersFrom(Supplier<String> clients) {
        callers = clients;
    }

    /** A service with {@code settings}, recovered from the store (a restart if one ran before). */
    public RenewalService start(Settings with) throws Exception {
        settings = with;
        return super.start();
    }

    /** A service with {@link TestSettings#defaults()}, recovered from the store. */
    @Override
    public RenewalService start() throws Exception {
        return start(TestSettings.defaults());
    }

    @Override
    protected RenewalService create() {
        return new RenewalService(clock, marshaller, settings, renewals,
                new EventDelivery(clock, Runnable::run, settings.delivery), callers);
    }

    @Override
    protected void bind(RenewalService service, Store bound) {
        service.bindStore(bound);
    }

    @Override
    protected void unbind(RenewalService service, Store unbound) {
        service.unbindStore(unbound);
    }

    @Override
    protected void recover(RenewalService service) throws Exception {
        service.start();
    }

    @Override
    protected void stop(RenewalService service) {
        service.close();
    }
}
