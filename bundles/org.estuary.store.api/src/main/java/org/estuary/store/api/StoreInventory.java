package org.estuary.store.api;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

import org.osgi.annotation.versioning.ProviderType;

/**
 * Every registered store with its stats and the bundles using it, read through the service registry: what the
 * management views (web console, shell) show of the stores.
 */
@ProviderType
public final class StoreInventory {

    /** One store: its service id, {@code store.type}, the bundles that got it (besides the reader) and its stats. */
    @ProviderType
    public record Entry(long serviceId, String type, List<String> users, StoreStats stats) {
    }

    private StoreInventory() {
    }

    /** The stores registered now, by service id; {@code context}'s own bundle is not listed among the users. */
    public static List<Entry> read(BundleContext context) {
        Collection<ServiceReference<Store>> references;
        try {
            references = context.getServiceReferences(Store.class, null);
        } catch (InvalidSyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
        List<Entry> rows = new ArrayList<>();
        for (ServiceReference<Store> reference : references) {
            long serviceId = (Long) reference.getProperty(Constants.SERVICE_ID);
            List<String> users = users(reference, context.getBundle().getBundleId());
            Store store = context.getService(reference);
            if (store == null) {
                continue; // unregistered meanwhile
            }
            try {
                rows.add(new Entry(serviceId, String.valueOf(reference.getProperty(Store.TYPE)), users,
                        store.stats()));
            } finally {
                context.ungetService(reference);
            }
        }
        rows.sort((a, b) -> Long.compare(a.serviceId(), b.serviceId()));
        return rows;
    }

    /**
     * The bundles using the store {@code reference} names, as operators read them ({@code SYMBOLIC-NAME [ID]},
     * sorted), the bundle {@code self} (the one that reads, only for the stats) left out.
     */
    public static List<String> users(ServiceReference<?> reference, long self) {
        Bundle[] using = reference.getUsingBundles();
        if (using == null) {
            return List.of();
        }
        return Arrays.stream(using).filter(b -> b.getBundleId() != self)
                .map(b -> b.getSymbolicName() + " [" + b.getBundleId() + "]").sorted().collect(Collectors.toList());
    }
}
