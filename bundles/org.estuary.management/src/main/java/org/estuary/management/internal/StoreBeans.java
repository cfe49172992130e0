package org.estuary.management.internal;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.estuary.management.MBeans;
import org.estuary.store.api.Store;
import org.estuary.store.api.StoreInventory;
import org.estuary.store.api.StoreStats;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;

/**
 * One MBean per registered {@link Store}, whatever bundle provides it, so a new backend gets its
 * MBean without code of its own. Each is a service carrying {@code jmx.objectname}; Karaf's management feature
 * (Aries JMX whiteboard) puts it into the MBeanServer and takes it out when the store goes.
 */
@Component(immediate = true, service = {})
public final class StoreBeans {

    private final BundleContext context;
    private final Map<Long, ServiceRegistration<?>> registered = new HashMap<>();
    private boolean closed;

    @Activate
    public StoreBeans(BundleContext context) {
        this.context = context;
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    void bindStore(ServiceReference<Store> reference) {
        long serviceId = (Long) reference.getProperty(Constants.SERVICE_ID);
        String type = String.valueOf(reference.getProperty(Store.TYPE));
        StoreBean bean = new StoreBean(serviceId, type, () -> stats(reference), () -> users(reference));
        synchronized (registered) {
            if (closed || registered.containsKey(serviceId)) {
                return;
            }
            registered.put(serviceId, MBeans.register(context, bean, StoreMXBean.class,
                    StoreBean.objectName(type, serviceId), "Estuary store " + type + " [" + serviceId + "] (JMX)"));
        }
    }

    void unbindStore(ServiceReference<Store> reference) {
        ServiceRegistration<?> registration;
        synchronized (registered) {
            registration = registered.remove((Long) reference.getProperty(Constants.SERVICE_ID));
        }
        unregister(registration);
    }

    @Deactivate
    void deactivate() {
        List<ServiceRegistration<?>> all;
        synchronized (registered) {
            closed = true;
            all = List.copyOf(registered.values());
            registered.clear();
        }
        all.forEach(StoreBeans::unregister);
    }

    private StoreStats stats(ServiceReference<Store> reference) {
        Store store = context.getService(reference);
        if (store == null) {
            throw new IllegalStateException("the store [" + reference.getProperty(Constants.SERVICE_ID)
                    + "] is gone");
        }
        try {
            return store.stats();
        } finally {
            context.ungetService(reference);
        }
    }

    /** The bundles using the store, this one left out (it only reads the stats). */
    private List<String> users(ServiceReference<Store> reference) {
        return StoreInventory.users(reference, context.getBundle().getBundleId());
    }

    private static void unregister(ServiceRegistration<?> registration) {
        try {
            if (registration != null) {
                registration.unregister();
            }
        } catch (IllegalStateException alreadyGone) {
            // the bundle is stopping
        }
    }
}
