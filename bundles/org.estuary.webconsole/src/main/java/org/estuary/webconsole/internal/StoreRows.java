package org.estuary.webconsole.internal;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.estuary.store.api.Store;
import org.estuary.store.api.StoreStats;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.Constants;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/** Every registered store with its stats and the bundles using it, read through the registry (issue 7 item 1). */
final class StoreRows {

    /** One store: its service id, type, the bundles that got it (besides us) and a stats snapshot. */
    record Row(long serviceId, String type, List<String> users, StoreStats stats) {
    }

    private StoreRows() {
    }

    static List<Row> read(BundleContext context) {
        Collection<ServiceReference<Store>> references;
        try {
            references = context.getServiceReferences(Store.class, null);
        } catch (InvalidSyntaxException impossible) {
            throw new IllegalStateException(impossible);
        }
        List<Row> rows = new ArrayList<>();
        for (ServiceReference<Store> reference : references) {
            long serviceId = (Long) reference.getProperty(Constants.SERVICE_ID);
            List<String> users = users(reference, context.getBundle().getBundleId());
            Store store = context.getService(reference);
            if (store == null) {
                continue; // unregistered meanwhile
            }
            try {
                rows.add(new Row(serviceId, String.valueOf(reference.getProperty(Store.TYPE)), users,
                        store.stats()));
            } finally {
                context.ungetService(reference);
            }
        }
        rows.sort((a, b) -> Long.compare(a.serviceId(), b.serviceId()));
        return rows;
    }

    private static List<String> users(ServiceReference<?> reference, long self) {
        Bundle[] using = reference.getUsingBundles();
        if (using == null) {
            return List.of();
        }
        return Arrays.stream(using).filter(b -> b.getBundleId() != self)
                .map(b -> b.getSymbolicName() + " [" + b.getBundleId() + "]").sorted().collect(Collectors.toList());
    }
}
