package org.estuary.mailbox.internal;

import java.io.IOException;
import java.rmi.RemoteException;
import java.util.Map;

import net.jini.event.PullEventMailbox;

import org.estuary.core.time.Clock;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.remote.Exporter;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * The benchmark's way into the event mailbox without Declarative Services: builds and starts a
 * {@link MailboxService} as the bundle's unit tests do and exports it as {@code MailboxComponent} does. The
 * benchmark reaches it through this module's test jar.
 */
public final class BenchMailboxServices {

    private BenchMailboxServices() {
    }

    /** A mailbox configured with {@code overrides} over the component's defaults, recovered from {@code store}. */
    public static MailboxService start(Clock clock, Marshaller marshaller, Store store, EventDelivery delivery,
            Map<String, ?> overrides) throws IOException {
        MailboxService service = new MailboxService(clock, marshaller, settings(overrides), delivery);
        service.bindStore(store);
        service.start();
        return service;
    }

    /** The effective settings for {@code overrides}, as the activation log line prints them. */
    public static String describe(Map<String, ?> overrides) {
        return settings(overrides).toString();
    }

    public static org.estuary.event.DeliveryConfig delivery(Map<String, ?> overrides) {
        return settings(overrides).delivery;
    }

    private static Settings settings(Map<String, ?> overrides) {
        return MailboxComponent.settings(ComponentConfig.of(MailboxComponent.Config.class, overrides));
    }

    public static PullEventMailbox proxy(MailboxService service) {
        return service.proxy();
    }

    /** Exports the backend and binds the proxy under PullEventMailbox's name, as the component does. */
    public static void export(MailboxService service, Exporter exporter) throws RemoteException {
        service.useReference(exporter.export(service.serviceId(), MailboxBackend.class, service));
        exporter.bind(PullEventMailbox.class.getName(), service.proxy());
    }

    public static void close(MailboxService service) {
        service.close();
    }
}
