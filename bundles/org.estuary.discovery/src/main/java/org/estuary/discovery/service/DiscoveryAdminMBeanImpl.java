package org.estuary.discovery.service;

import java.io.IOException;
import java.util.Map;

import org.estuary.discovery.admin.DiscoveryAdmin;
import org.estuary.discovery.admin.RegistrarInfo;
import org.estuary.discovery.admin.RegistrationInfo;
import org.estuary.management.Format;
import org.estuary.management.Ids;

/** {@link DiscoveryAdminMXBean} over a {@link DiscoveryAdmin}. */
final class DiscoveryAdminMBeanImpl implements DiscoveryAdminMXBean {

    private final DiscoveryAdmin admin;

    DiscoveryAdminMBeanImpl(DiscoveryAdmin admin) {
        this.admin = admin;
    }

    @Override
    public long getRegistrationCount() {
        return admin.registrationCount();
    }

    @Override
    public long getRegistrarCount() {
        return admin.registrarCount();
    }

    @Override
    public Map<String, Long> getMetrics() {
        return admin.metrics();
    }

    @Override
    public String[] registrations(long offset, int limit) {
        return admin.registrations(offset, limit).items().stream().map(DiscoveryAdminMBeanImpl::line)
                .toArray(String[]::new);
    }

    @Override
    public String[] registrars(long offset, int limit) {
        return admin.registrars(offset, limit).items().stream().map(DiscoveryAdminMBeanImpl::line)
                .toArray(String[]::new);
    }

    @Override
    public boolean cancel(String id) throws IOException {
        return admin.cancel(Ids.parse(id));
    }

    private static String line(RegistrationInfo r) {
        return Ids.format(r.id()) + " " + Format.time(r.expiration()) + " groups=" + r.groups() + " locators="
                + r.locators() + " lookups=" + r.registrars();
    }

    private static String line(RegistrarInfo r) {
        return r.serviceId() + " groups=" + r.groups() + " locator=" + r.locator() + " last="
                + Format.time(r.lastHeard());
    }
}
