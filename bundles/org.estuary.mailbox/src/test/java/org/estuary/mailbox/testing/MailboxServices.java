package org.estuary.mailbox.testing;

import java.io.IOException;
import java.util.Map;

import net.jini.event.EventMailbox;
import net.jini.event.PullEventMailbox;

import org.estuary.core.time.Clock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.mailbox.internal.MailboxComponent;
import org.estuary.mailbox.internal.MailboxService;
import org.estuary.mailbox.internal.Settings;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * Event mailboxes for other modules' tests and benchmarks, without Declarative Services: configured as the
 * component is (its configuration elements by name over their defaults), bound to a store and recovered as its
 * activation does, and exported as its exporter attachment does. Callers see the spec's interfaces and
 * {@link Running}, never the service's classes.
 */
public final class MailboxServices {

    private MailboxServices() {
    }

    /**
     * A mailbox configured with {@code overrides} (elements by name, as {@code max_registrations}) over the
     * component's defaults, recovered from {@code store}, pushing events through {@code delivery}.
     */
    public static Running start(Clock clock, Marshaller marshaller, Store store, EventDelivery delivery,
            Map<String, ?> overrides) throws IOException {
        MailboxService service = new MailboxService(clock, marshaller, settings(overrides), delivery);
        service.bindStore(store); // as DS binds the store reference before activation
        service.start();
        return new Running(service);
    }

    /** The effective configuration for {@code overrides}, as the component's active line prints it. */
    public static String describe(Map<String, ?> overrides) {
        return settings(overrides).toString();
    }

    /** The event delivery the component configures for {@code overrides}. */
    public static DeliveryConfig delivery(Map<String, ?> overrides) {
        return settings(overrides).delivery;
    }

    private static Settings settings(Map<String, ?> overrides) {
        return MailboxComponent.settings(ComponentConfig.of(MailboxComponent.Config.class, overrides));
    }

    /** A running mailbox: its proxy, its export and its end. */
    public static final class Running implements AutoCloseable {

        private final MailboxService service;

        private Running(MailboxService service) {
            this.service = service;
        }

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        public PullEventMailbox proxy() {
            return service.proxy();
        }

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        public void export(Exporter exporter) {
            ServiceExport.attachment("the event mailbox", MailboxBackend.class, service, service, EventMailbox.class,
                    PullEventMailbox.class).activate().bind(exporter);
        }

        @Override
        public void close() {
            service.close();
        }
    }
}
