package org.estuary.mailbox.internal;

import java.io.IOException;
import java.util.Map;

import net.jini.event.EventMailbox;
import net.jini.event.PullEventMailbox;

import org.estuary.core.time.Clock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.mailbox.proxy.MailboxBackend;
import org.estuary.mailbox.testing.MailboxServices;
import org.estuary.remote.Exporter;
import org.estuary.remote.component.ServiceExport;
import org.estuary.store.api.Store;
import org.estuary.store.api.testing.ComponentConfig;

/**
 * A mailbox as {@link MailboxServices} hands it out: the one route from the test jar's factory into this package,
 * whose classes production uses only among themselves and so keeps package-private. Configured as the component
 * is ({@link MailboxComponent#settings}), bound to a store and recovered as its activation does, exported as its
 * exporter attachment does.
 */
public final class Scaffold implements MailboxServices.Running {

    private final MailboxService service;

    private Scaffold(MailboxService service) {
        this.service = service;
    }

    /** See {@link MailboxServices#start}. */
    public static Scaffold start(Clock clock, Marshaller marshaller, Store store, EventDelivery delivery,
            Map<String, ?> overrides) throws IOException {
        MailboxService service = new MailboxService(clock, marshaller, settings(overrides), delivery);
        service.bindStore(store); // as DS binds the store reference before activation
        service.start();
        return new Scaffold(service);
    }

    /** See {@link MailboxServices#describe}. */
    public static String describe(Map<String, ?> overrides) {
        return settings(overrides).toString();
    }

    /** See {@link MailboxServices#delivery}. */
    public static DeliveryConfig delivery(Map<String, ?> overrides) {
        return settings(overrides).delivery;
    }

    private static Settings settings(Map<String, ?> overrides) {
        return MailboxComponent.settings(ComponentConfig.of(MailboxComponent.Config.class, overrides));
    }

    @Override
    public PullEventMailbox proxy() {
        return service.proxy();
    }

    @Override
    public void export(Exporter exporter) {
        ServiceExport.attachment("the event mailbox", MailboxBackend.class, service, service, () -> true,
                EventMailbox.class, PullEventMailbox.class).activate().bind(exporter);
    }

    @Override
    public void close() {
        service.close();
    }
}
