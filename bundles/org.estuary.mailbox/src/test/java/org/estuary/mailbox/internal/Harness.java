package org.estuary.mailbox.internal;

import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.io.Marshallers;
import org.estuary.io.SerialFilter;
import org.estuary.store.api.Store;
import org.estuary.store.memory.testing.MemoryStores;
import org.estuary.testing.ServiceHarness;

/**
 * Mailboxes for tests ({@link ServiceHarness}): a manual clock, a store kept across restarts (memory unless given),
 * deliveries in the thread that causes them, so a test sees their effect when its call returns.
 */
final class Harness extends ServiceHarness<MailboxService> {

    /** The container's marshaller, its allowlist taking the generators' classes (as allowlist.extra does). */
    final Marshaller marshaller;
    private Settings settings;

    private java.util.function.Supplier<String> callers = () -> null;
    private java.util.concurrent.Executor deliveries = Runnable::run;

    /** On a memory store. */
    Harness() {
        this(MemoryStores.open());
    }

    /** On {@code store}, which the caller closes. */
    Harness(Store store) {
        this(store, SerialFilter.defaults().toBuilder().allow("com.example.leases.*").build());
    }

    /** On {@code store}, the container's allowlist being {@code filter}. */
    Harness(Store store, SerialFilter filter) {
        super(store);
        this.marshaller = Marshallers.builder().classLoader(Harness.class.getClassLoader()).filter(filter).build();
    }

    /** The next mailboxes take {@code clients} for who calls (a client's address), instead of no one (this JVM). */
    void callersFrom(java.util.function.Supplier<String> clients) {
        callers = clients;
    }

    /**
     * The next mailboxes deliver events on {@code executor} (as their own threads do in the container) instead of in
     * the thread that stores or retries them, which holds the mailbox's lock meanwhile.
     */
    void deliverOn(java.util.concurrent.Executor executor) {
        deliveries = executor;
    }

    /** A mailbox with {@code with}, recovered from the store: a restart if one ran before. */
    MailboxService start(Settings with) throws Exception {
        settings = with;
        return super.start();
    }

    /** A mailbox with {@link TestSettings#defaults()}, recovered from the store. */
    @Override
    public MailboxService start() throws Exception {
        return start(TestSettings.defaults());
    }

    @Override
    protected MailboxService create() {
        return new MailboxService(clock, marshaller, settings,
                new EventDelivery(clock, deliveries, settings.delivery), callers);
    }

    @Override
    protected void bind(MailboxService service, Store bound) {
        service.bindStore(bound);
    }

    @Override
    protected void unbind(MailboxService service, Store unbound) {
        service.unbindStore(unbound);
    }

    @Override
    protected void recover(MailboxService service) throws Exception {
        service.start();
    }

    @Override
    protected void stop(MailboxService service) {
        service.close();
    }
}
