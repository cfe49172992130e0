package org.estuary.mailbox.testing;

import java.io.IOException;
import java.util.Map;

import net.jini.event.PullEventMailbox;

import org.estuary.core.time.Clock;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshaller;
import org.estuary.mailbox.internal.Scaffold;
import org.estuary.remote.Exporter;
import org.estuary.store.api.Store;

/**
 * Event mailboxes for other modules' tests and benchmarks, without Declarative Services: configured as the
 * component is (its configuration elements by name over their defaults), bound to a store and recovered as its
 * activation does, and exported as its exporter attachment does. Callers see the spec's interfaces and
 * {@link Running}, never the service's classes; {@link Scaffold}, beside them in the test jar, builds them.
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
        return Scaffold.start(clock, marshaller, store, delivery, overrides);
    }

    /** The effective configuration for {@code overrides}, as the component's active line prints it. */
    public static String describe(Map<String, ?> overrides) {
        return Scaffold.describe(overrides);
    }

    /** The event delivery the component configures for {@code overrides}. */
    public static DeliveryConfig delivery(Map<String, ?> overrides) {
        return Scaffold.delivery(overrides);
    }

    /** A running mailbox: its proxy, its export and its end. */
    public interface Running extends AutoCloseable {

        /** The service proxy a client gets (in this JVM: no RMI on the path). */
        PullEventMailbox proxy();

        /** Exports the service through {@code exporter} as the component's exporter attachment does. */
        void export(Exporter exporter);

        @Override
        void close();
    }
}
