package org.estuary.discovery.service;

import java.io.IOException;
import java.rmi.MarshalledObject;
import java.util.Collection;

import net.jini.core.discovery.LookupLocator;
import net.jini.core.lookup.ServiceID;
import net.jini.core.lookup.ServiceRegistrar;

import org.estuary.core.time.Clock;
import org.estuary.discovery.conformance.LookupDiscoveryConformance;
import org.estuary.discovery.net.DiscoverySettings;
import org.estuary.discovery.tracking.RegistrarTracker;
import org.estuary.event.DeliveryConfig;
import org.estuary.event.EventDelivery;
import org.estuary.io.Marshallers;
import org.estuary.lease.LeasePolicy;
import org.estuary.store.api.Store;
import org.estuary.testing.ServiceHarness;

/**
 * The lookup discovery service in this JVM on a manual clock, delivering its events in the thread that sends them
 * (or, for tests whose listeners take their time, in a thread of the delivery's own), with the discovery a test
 * chooses, started and stopped together. Bounds: 100 registrations, 4 groups and 4 locators each, 10 events queued
 * per registration.
 */
final class Harness extends ServiceHarness<DiscoveryService> {

    /** A tracker and what closes it (its sockets and threads, if any). */
    record Discovery(RegistrarTracker tracker, AutoCloseable closer) {
    }

    /** Makes the discovery a service is joined to. */
    interface Discoveries {
        Discovery open(Clock clock, RegistrarTracker.Listener listener) throws IOException;
    }

    /** A network that does nothing: the test plays the lookup services' answers to the tracker. */
    private static final class Silent implements RegistrarTracker.Network {
        @Override
        public void request(Collection<String> groups, Collection<ServiceID> heard) {
        }

        @Override
        public void discover(LookupLocator locator) {
        }
    }

    /** A tracker on no network, which the test tells what lookup services answered ({@link #tracker()}). */
    static Discoveries scripted() {
        return (clock, listener) -> {
            RegistrarTracker tracker = new RegistrarTracker(DiscoverySettings.defaults(), clock, new Silent(),
                    Harness::idOf, listener);
            return new Discovery(tracker, tracker::stop);
        };
    }

    private final Discoveries discoveries;
    private final boolean deliveryThread;
    private Discovery discovery;
    private EventDelivery delivery;

    /** Events delivered in the thread that sends them. */
    Harness(Store store, Discoveries discoveries) {
        this(store, discoveries, false);
    }

    /**
     * @param deliveryThread whether events are delivered by a thread of the delivery's own, so a listener that
     *        holds its event holds up no thread of discovery's
     */
    Harness(Store store, Discoveries discoveries, boolean deliveryThread) {
        super(store);
        this.discoveries = discoveries;
        this.deliveryThread = deliveryThread;
    }

    /** The id of a lookup service's proxy, read with this JVM's classes; null if it is not a registrar. */
    static ServiceID idOf(MarshalledObject<?> proxy) {
        try {
            return ((ServiceRegistrar) proxy.get()).getServiceID();
        } catch (IOException | ClassNotFoundException | ClassCastException e) {
            return null;
        }
    }

    /** The tracker of the running service. */
    RegistrarTracker tracker() {
        return discovery.tracker();
    }

    @Override
    protected DiscoveryService create() throws IOException {
        DeliveryConfig config = DeliveryConfig.builder().threads(1).maxQueuedPerLane(10).maxQueuedTotal(100).build();
        delivery = deliveryThread ? EventDelivery.withOwnThreads(clock, config, "harness-discovery-events")
                : new EventDelivery(clock, Runnable::run, config);
        DiscoveryService service = new DiscoveryService(clock, Marshallers.builder()
                .classLoader(Harness.class.getClassLoader()).build(),
                new Settings(new LeasePolicy(60_000, 3_600_000), 100,
                        LookupDiscoveryConformance.MAX_GROUPS, 4, 10, 10_000), delivery);
        discovery = discoveries.open(clock, service.discoveryListener());
        service.attach(discovery.tracker());
        return service;
    }

    @Override
    protected void bind(DiscoveryService service, Store bound) {
        service.bindStore(bound);
    }

    @Override
    protected void unbind(DiscoveryService service, Store unbound) {
        service.unbindStore(unbound);
    }

    @Override
    protected void recover(DiscoveryService service) throws IOException {
        service.start();
    }

    @Override
    protected void stop(DiscoveryService service) {
        service.close();
        delivery.close();
        try {
            discovery.closer().close();
        } catch (Exception e) {
            throw new IllegalStateException("discovery did not close", e);
        }
    }
}
